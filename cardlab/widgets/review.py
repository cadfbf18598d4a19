"""The review of one seat's game as a widget: run it, watch it, cancel it, read it, open it.

A `ReviewPanel` reviews a full record of any game that reviews (`cardlab.games.Reviewing`)
for one seat. Where the game is played in hands (`cardlab.games.ReviewingHands`) and
the record has more than one, a choice above the buttons picks the hand to review:
the last one played at first, any other, or every hand. "Review" starts the game's
review in a thread, so the kernel keeps answering (the Cancel button, the rest of
the page); a progress bar follows it, and Cancel stops it at its next step. A
review that has to wait for its turn (every worker process the machine allows
is busy: `cardlab.worker_slots`) says so, and Cancel stops the wait too. Then the
panel shows a summary, a graph through the game with the turning points marked
(`cardlab.render.review`) and a table of every decision: when, what kind, the
choice, the best, the loss, the verdict, the sample size and the 95% interval of the
choice's value, and why the best was better.

Each row (and each point of the graph, by mouse) opens that moment in a stepper:
the panel asks its `stepper` function for one (a play app's own, of this seat
only) and moves it to the step after which the decision was made (the story's
`Locating.step_before`). The review works from what the seat knew, so what the
browser receives of it tells nothing the seat did not know.

>>> from cardlab.games import Reviewing, in_menu_order
>>> entry = next(e for e in in_menu_order() if isinstance(e, Reviewing))  # whichever reviews
>>> game = entry.play(entry.read_rules({"players": 3}), [entry.default_bot] * 3, 1).game
>>> panel = ReviewPanel(game.to_record(), seat=0)
>>> panel.bar.click("start"); panel.wait(600)
True
>>> panel.review is not None and "<table" in panel.board.html
True
"""

from __future__ import annotations

import html
import math
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from cardlab.errors import CardlabError
from cardlab.games import GameRecord, ReviewingHands, game_of, reviewing
from cardlab.i18n import Count, Number, catalogue, message
from cardlab.render.review import MARKS, amount_words, option_words, review_graph_svg
from cardlab.review import Estimate, Moment, Review
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import KernelOwned, guard, script
from cardlab.widgets.stepper import Locating, Stepper
from cardlab.worker_pool import told_while_waiting

_HERE = Path(__file__).parent
#: The panel's buttons.
START, CANCEL = "start", "cancel"
#: The hand choice's value for every hand.
EVERY_HAND = 0


class ReviewCancelled(Exception):
    """Raised inside the review (through its progress) when Cancel was pressed."""


class ReviewBoard(KernelOwned):
    """The table and the graph, as markup the kernel writes; a click on a ``data-open``
    element asks for that decision (`on_open`), which the kernel checks."""

    _esm = script(_HERE / "review.js")
    _css = _HERE / "review.css"
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[int], object]] = []
        self.on_msg(self._message)

    def on_open(self, handler: Callable[[int], object]) -> None:
        """Call `handler` with a decision's number when the browser asks to open it."""
        self._handlers.append(handler)

    def request(self, number: int) -> None:
        """Ask to open decision `number`, as the browser does."""
        for handler in self._handlers:
            handler(number)

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict):
            number = content.get("open")
            if isinstance(number, int) and not isinstance(number, bool):
                self.request(number)


class ReviewPanel(widgets.VBox):
    """Review, Cancel, a progress bar, then the summary, the graph and the table.

    `record`: a full record, or a function that gives one when the review starts (a
    game still being played). `stepper`: gives the stepper a decision opens in (None:
    rows have no button). `hand_choice` picks the hand to review (from 1, or
    `EVERY_HAND`), shown where the game is played in hands and the record has several.
    `own`: the seat is the learner's own, so the panel speaks to them ("Your game")
    instead of naming the seat.
    """

    def __init__(self, record: GameRecord | Callable[[], GameRecord], seat: int,
                 lang: str = "en", stepper: Callable[[], Stepper | None] | None = None,
                 seed: int = 0, own: bool = False) -> None:
        self._record = record if callable(record) else (lambda: record)
        self.seat = seat
        self.own = own
        self.lang = lang
        self.seed = seed
        self._stepper = stepper
        #: The finished review (None before, while running, and after a cancel).
        self.review: Review | None = None
        #: The hand the finished review is of (`EVERY_HAND` for the whole game).
        self._reviewed_hand: int | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._done: list[Callable[[Review], None]] = []
        mine = "_own" if own else ""
        self.heading = widgets.HTML(
            f'<h2 class="cardlab-review-heading">{self._escape(f"heading{mine}", seat=seat)}'
            f"</h2><p>{self._escape(f'intro{mine}')}</p>")
        self.bar = ControlBar([ButtonSpec(START, self._text("start"), primary=True),
                               ButtonSpec(CANCEL, self._text("cancel"), disabled=True)],
                              label=self._text("label"))
        self.bar.on_click(self._pressed)
        self.hand_choice = widgets.Dropdown(description=self._text("hand"),
                                            style={"description_width": "initial"})
        self.hand_choice.layout.display = "none"
        # "Review again" only for the hand whose review is shown; another hand is new.
        self.hand_choice.observe(lambda _change: self._label_start(), "value")
        if not callable(record):
            self._offer_hands(record)
        self.progress = widgets.IntProgress(value=0, min=0, max=1,
                                            description=self._text("progress"),
                                            style={"description_width": "initial"})
        self.progress.layout.display = "none"
        self.summary = widgets.HTML()
        self.board = ReviewBoard()
        self.board.on_open(self.open_decision)
        super().__init__([self.heading, self.hand_choice, self.bar, self.progress,
                          self.summary, self.board])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-review")
        guard(self)

    # -- running -----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True while a review runs."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the review in a thread (once at a time); the panel fills in when it ends."""
        if self.running:
            return
        try:
            record = self._record()
            found = game_of(record)
            entry = reviewing(found)
        except CardlabError as err:
            self.bar.status = self._text("failed", why=err.text(self.lang))
            return
        self._offer_hands(record)
        hand = self._chosen_hand()
        self.review = None
        self.summary.value = ""
        self.board.html = ""
        self._stop = threading.Event()
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = None
        self.bar.update(START, disabled=True)
        self.bar.update(CANCEL, disabled=False)
        self.hand_choice.disabled = True
        self.bar.status = self._text("started")
        stop = self._stop

        def tick(done: int, total: int) -> None:
            if stop.is_set():
                raise ReviewCancelled
            self.progress.max = max(total, 1)
            self.progress.value = min(done, self.progress.max)
            self.progress.description = self._text("running", done=done, total=total)

        def waiting(now: bool) -> None:
            if stop.is_set():
                raise ReviewCancelled
            self.bar.status = self._text("waiting" if now else "started")
            if now:
                self.progress.description = self._text("queued")

        def run() -> None:
            try:
                with told_while_waiting(waiting):
                    if isinstance(found, ReviewingHands) and hand != EVERY_HAND:
                        review = found.review_hand(record, self.seat, hand, self.seed, tick)
                    else:
                        review = entry.review(record, self.seat, self.seed, tick)
            except ReviewCancelled:
                self._finish(message("review.cancelled", self.lang))
            except CardlabError as err:
                self._finish(self._text("failed", why=err.text(self.lang)))
            except Exception as err:  # a thread's error reaches nobody else: say it here
                self._finish(self._text("failed", why=f"{type(err).__name__}: {err}"))
            else:
                self._show(review, hand)

        self._thread = threading.Thread(target=run, name="cardlab-review", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the running review at its next step (a finished one stays)."""
        if self.running:
            self._stop.set()
            self.bar.update(CANCEL, disabled=True)
            self.bar.status = self._text("cancelling")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running review to end (at most `timeout` s); True if none runs now."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.running

    def on_done(self, handler: Callable[[Review], None]) -> None:
        """Call `handler` with each review that finishes (in the review's thread)."""
        self._done.append(handler)

    def _offer_hands(self, record: GameRecord) -> None:
        """The hands of `record` to choose from, the last one played first chosen (kept
        while the record has the same hands); none where the game is not played in hands
        or the record has only one."""
        try:
            found = game_of(record)
        except CardlabError:
            return                          # `start` says why
        count = found.hands_played(record) if isinstance(found, ReviewingHands) else 0
        options = [(self._text("hand_number", number=number), number)
                   for number in range(1, count + 1)]
        options = [*options, (self._text("every_hand"), EVERY_HAND)] if count > 1 else []
        if list(self.hand_choice.options) == options:
            return
        self.hand_choice.options = options
        if options:
            self.hand_choice.value = count
        self.hand_choice.layout.display = None if options else "none"

    def _pressed(self, button: str) -> None:
        if button == START:
            self.start()
        elif button == CANCEL:
            self.cancel()

    def _chosen_hand(self) -> int:
        """The hand chosen (`EVERY_HAND` where there is no choice)."""
        return self.hand_choice.value if self.hand_choice.options else EVERY_HAND

    def _label_start(self) -> None:
        """Offer the review "again" for the hand whose review is shown, else afresh."""
        again = self.review is not None and self._reviewed_hand == self._chosen_hand()
        self.bar.update(START, label=self._text("again" if again else "start"))

    def _finish(self, status: str) -> None:
        """The review ended: offer it again, and say how it ended."""
        self.progress.layout.display = "none"
        self.hand_choice.disabled = False
        self.bar.update(CANCEL, disabled=True)
        self.bar.update(START, disabled=False)
        self._label_start()
        self.bar.status = status

    def _show(self, review: Review, hand: int) -> None:
        self.review, self._reviewed_hand = review, hand
        self.summary.value = f"<p>{html.escape(summary(review, self.lang, self.own))}</p>"
        self.board.html = board_html(review, self.lang, openable=self._stepper is not None)
        self._finish(self._text("done"))
        for handler in self._done:
            handler(review)

    # -- opening a moment ----------------------------------------------------------------

    def open_decision(self, number: int) -> Stepper | None:
        """Open decision `number` (from 1) in the stepper, at what the seat knew then."""
        review = self.review
        if review is None or not 1 <= number <= len(review.moments):
            self.bar.status = self._text("no_decision", number=number)
            return None
        stepper = self._stepper() if self._stepper is not None else None
        if stepper is None or not isinstance(stepper.story_source, Locating):
            self.bar.status = self._text("no_stepper")
            return None
        moment = review.moments[number - 1]
        seats = [value for _, value in stepper.perspective.options]
        if self.seat in seats:
            stepper.perspective.value = self.seat
        stepper.go(stepper.story_source.step_before(moment.kind, moment.where))
        stepper.show_note(decision_note(review.game, number, moment, self.lang))
        self.bar.status = self._text("opened", number=number)
        self.board.send({"reveal": True})
        return stepper

    # -- words ---------------------------------------------------------------------------

    def _text(self, key: str, **params: Any) -> str:
        return message(f"review_panel.{key}", self.lang, **params)

    def _escape(self, key: str, **params: Any) -> str:
        return html.escape(self._text(key, **params))


def summary(review: Review, lang: str = "en", own: bool = False) -> str:
    """The review in one line: the decisions, how many were inaccuracies and mistakes, and
    what they gave away (each count with its noun in the right number); `own`: said to the
    learner whose seat it is.

    >>> from cardlab.review import POINTS, Estimate, Moment, Option
    >>> options = (Option("a", Estimate.exact(4.0, 5)), Option("b", Estimate.exact(0.0, 5)))
    >>> moment = Moment("play", POINTS, options, "a", "a", "b", "b")
    >>> summary(Review("any game", 0, 1, "points", (moment,)))
    'Review of seat 0: 1 decision, 0 inaccuracies, 1 mistake; 4.00 points given away in all.'
    >>> summary(Review("any game", 0, 1, "points", (moment,)), "de", own=True)[:40]
    'Deine Partie: 1 Entscheidung, 0 Ungenaui'
    """
    counts = review.counts()
    return message("review.summary_own" if own else "review.summary", lang, seat=review.seat,
                   decisions=Count("count.decisions", len(review.moments)).label(lang),
                   inaccuracies=Count("count.inaccuracies", counts["inaccuracy"]).label(lang),
                   mistakes=Count("count.mistakes", counts["mistake"]).label(lang),
                   loss=Number(review.loss(), 2).label(lang),
                   unit=message(f"review.unit.{review.unit}", lang))


def board_html(review: Review, lang: str = "en", openable: bool = True) -> str:
    """The graph (where the review draws one), then the table of every decision.

    `openable`: each row has a button that opens its decision (``data-open``).

    >>> from cardlab.review import POINTS, Estimate, Moment, Option, Review
    >>> played = Moment("play", POINTS, (Option("2C", Estimate.exact(1.0, 1)),
    ...                                  Option("QS", Estimate.exact(14.0, 1))),
    ...                 "QS", "QS", "2C", "2C", {"play": 3}, standing=14.0)
    >>> board = board_html(Review("game", 0, 0, "points", (played,)))
    >>> 'data-label="No.">1</th>' in board, 'data-open="1"' in board, "mistake" in board
    (True, True, True)
    """
    parts = []
    if review.standing:
        label = message(f"{review.game}.review.standing.{review.standing}", lang)
        parts.append(f'<div class="cardlab-review-graph">{review_graph_svg(review, label, lang)}'
                     "</div>")
    parts.append(_turning_points(review, lang, openable))
    parts.append(_table(review, lang, openable))
    return "".join(parts)


def _turning_points(review: Review, lang: str, openable: bool) -> str:
    """The turning points, each a button that opens it where `openable` (the graph's
    points, by keyboard)."""
    turning = [(number, moment.judged[0]) for number, moment in enumerate(review.moments, 1)
               if moment.judged[0] in MARKS]
    if not turning:
        return f"<p>{html.escape(message('review_panel.turning_none', lang))}</p>"
    items = []
    for number, verdict in turning:
        words = html.escape(message("review_panel.turn", lang, number=number,
                                    verdict=message(f"review.verdict.{verdict}", lang),
                                    symbol=MARKS[verdict][2]))
        items.append(f'<li><button type="button" data-open="{number}">{words}</button></li>'
                     if openable else f"<li>{words}</li>")
    heading = html.escape(message("review_panel.turning", lang))
    return (f'<div class="cardlab-review-turning"><p>{heading}</p>'
            f'<ul>{"".join(items)}</ul></div>')


_COLUMNS = ("number", "when", "kind", "chosen", "best", "loss", "verdict", "samples",
            "interval", "why")


def _table(review: Review, lang: str, openable: bool) -> str:
    """Every decision in a table; routine ones (`Moment.routine`) in a second one, folded
    away under a line that counts them, so that the decisions that mattered stand out."""
    numbered = list(enumerate(review.moments, start=1))
    listed = _decisions(message("review_panel.caption", lang),
                        [(n, m) for n, m in numbered if not m.routine], review.game, lang,
                        openable)
    # Deals marked "public" are explained once, in the game's words, under the table.
    if any(moment.public for moment in review.moments):
        note = message(f"{review.game}.review.public_note", lang)
        listed += f'<p class="cardlab-review-public">{html.escape(note)}</p>'
    routine = [(n, m) for n, m in numbered if m.routine]
    if not routine:
        return listed
    folded = message("review_panel.routine", lang,
                     decisions=Count("count.decisions", len(routine)).label(lang))
    table = _decisions(message("review_panel.routine_caption", lang), routine, review.game,
                       lang, openable)
    return (f'{listed}<details class="cardlab-review-routine"><summary>{html.escape(folded)}'
            f"</summary>{table}</details>")


def _decisions(caption: str, numbered: list[tuple[int, Moment]], game: str, lang: str,
               openable: bool) -> str:
    """A table of decisions (`numbered`: each with its number in the review), in a region
    that scrolls sideways; on a phone each row becomes a block of labelled lines
    (review.css), so the table's roles are written out for screen readers to keep."""
    columns = [*_COLUMNS, *(["open_column"] if openable else [])]
    labels = [message(f"review_panel.{column}", lang) for column in columns]
    head = "".join(f'<th scope="col" role="columnheader">{html.escape(label)}</th>'
                   for label in labels)
    rows = "".join(_row(game, number, moment, lang, openable, labels)
                   for number, moment in numbered)
    caption = html.escape(caption)
    return (f'<div class="cardlab-review-scroll" role="region" tabindex="0" '
            f'aria-label="{caption}"><table class="cardlab-review-table" role="table">'
            f'<caption>{caption}</caption><thead role="rowgroup"><tr role="row">{head}</tr>'
            f'</thead><tbody role="rowgroup">{rows}</tbody></table></div>')


def _row(game: str, number: int, moment: Moment, lang: str, openable: bool,
         labels: list[str]) -> str:
    verdict, loss = moment.judged
    scale = moment.scale
    symbol = f" {MARKS[verdict][2]}" if verdict in MARKS else ""
    chosen = moment.value(moment.chosen_key)
    why = "" if moment.reason is None else moment.reason.text(lang)
    cells = [
        _when(moment, lang),
        _words(f"{game}.review.kind.{moment.kind}", moment.kind, lang),
        option_words(game, moment.chosen_key, lang),
        option_words(game, moment.best_key, lang),
        amount_words(loss, scale, lang),
        message(f"review.verdict.{verdict}", lang) + symbol,
        _deals(moment, lang),
        _interval(chosen, scale.digits, lang),
        why,
    ]
    body = "".join(f'<td role="cell" data-label="{html.escape(label)}">{html.escape(cell)}</td>'
                   for label, cell in zip(labels[1:1 + len(cells)], cells, strict=True))
    if openable:
        # A short word on the button keeps the table within a laptop's width; its name
        # says which decision it opens.
        name = html.escape(message("review_panel.open", lang, number=number))
        body += (f'<td role="cell"><button type="button" data-open="{number}" '
                 f'aria-label="{name}">{html.escape(message("review_panel.open_short", lang))}'
                 "</button></td>")
    marked = f' class="cardlab-review-{verdict}"' if verdict in MARKS else ""
    return (f'<tr role="row"{marked}><th scope="row" role="rowheader" '
            f'data-label="{html.escape(labels[0])}">{number}</th>{body}</tr>')


def decision_note(game: str, number: int, moment: Moment, lang: str = "en") -> str:
    """A reviewed decision in a sentence or two, for the stepper it is opened in: what was
    chosen, what was best, the loss, the verdict, and why where the review says.

    >>> from cardlab.review import POINTS, Option
    >>> played = Moment("play", POINTS, (Option("2C", Estimate.exact(1.0, 1)),
    ...                                  Option("QS", Estimate.exact(14.0, 1))),
    ...                 "QS", "QS", "2C", "2C", {"play": 3})
    >>> decision_note("game", 1, played)
    'Decision 1 of the review: Q♠ chosen, 2♣ best; loss 13.00 points, a mistake.'
    >>> from dataclasses import replace
    >>> decision_note("game", 1, replace(played, chosen_key="2C", chosen="2C"), "de")
    'Entscheidung 1 des Rückblicks: 2♣, die beste Wahl.'
    """
    verdict, loss = moment.judged
    key = "note_best" if moment.chosen_key == moment.best_key else "note"
    said = message(f"review_panel.{key}", lang, number=number,
                   chosen=option_words(game, moment.chosen_key, lang),
                   best=option_words(game, moment.best_key, lang),
                   loss=amount_words(loss, moment.scale, lang),
                   verdict=message(f"review_panel.note_{verdict}", lang))
    return said if moment.reason is None else f"{said} {moment.reason.text(lang)}"


def _when(moment: Moment, lang: str) -> str:
    """When the decision was made: "hand 1, play 9", "after event 3", "at the start".

    >>> from cardlab.review import BITS, Option
    >>> first = Moment("ask", BITS, (Option("a", Estimate.exact(1.0, 8)),), "a", "a", "a", "a",
    ...                {"after": 0})
    >>> _when(first, "en"), _when(first, "de")
    ('at the start', 'zu Beginn')
    """
    return ", ".join(message("review.where.start", lang) if (key, value) == ("after", 0) else
                     message(f"review.where.{key}", lang, value=value)
                     for key, value in moment.where.items())


def _deals(moment: Moment, lang: str) -> str:
    """How many deals the chosen option was measured on, and whether that was all of them.

    >>> from cardlab.review import CHANCE, Option
    >>> counted = Moment("pick", CHANCE, (Option("a", Estimate.exact(1.0, 92664)),), "a", "a",
    ...                  "a", "a")
    >>> _deals(counted, "en"), _deals(counted, "de")
    ('92,664 (all)', '92.664 (alle)')
    >>> passed = Moment("pass", CHANCE, counted.options, None, "pass", None, "pass")
    >>> _deals(passed, "en")                  # a choice without a value: its options
    '92,664 (all)'
    >>> from dataclasses import replace
    >>> _deals(replace(counted, public=True), "de")     # the deals every seat could see
    '92.664 (alle, ganzer Tisch)'
    """
    count = Number(moment.samples).label(lang)
    if not moment.counted:
        return count
    key = "all_public_deals" if moment.public else "all_deals"
    return message(f"review_panel.{key}", lang, count=count)


def _words(key: str, fallback: str, lang: str) -> str:
    """The catalogue's words for `key`, or `fallback` where a game has none."""
    return catalogue(lang).get(key) or fallback


def _interval(estimate: Estimate | None, digits: int, lang: str) -> str:
    """The 95% interval of a value: ``[2.40, 3.80]``, "exact", or "–" where unknown.

    >>> _interval(Estimate(2.0, 1.5, 2.5, 9), 2, "de")
    '[1,50; 2,50]'
    """
    if estimate is None or not (math.isfinite(estimate.low) and math.isfinite(estimate.high)):
        return "–"
    if estimate.is_exact:
        return message("review_panel.exact", lang)
    low, high = (Number(value, digits).label(lang) for value in (estimate.low, estimate.high))
    # Where the decimal mark is a comma (German), a semicolon keeps the two numbers apart.
    return f"[{low}; {high}]" if "," in low else f"[{low}, {high}]"
