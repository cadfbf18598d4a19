"""Play Black Widow at seat 0 against bots: a thin view over one `cardlab.table.Table`.

The learner chooses the players, the bots and the rules, then plays: passes
three cards, plays cards by pressing them, and reads in the status line what
to do, and beside it why a card is refused or what a hint says. The widget
presents its seat's view (the registry's `view(game, seat)`, a
`BlackWidowView`) and the seat's open decision: its own cards, cards played,
how many cards the others hold, the phase, the scores, who took the last
trick. It computes no rule: every rule it shows comes from the view. The last
trick stays on the table until the learner plays again; the bots play at the
chosen pace; the game log keeps the current hand open and older hands
collapsed. Bots' reasons are never shown; a hint is a bot deciding from the
learner's own seat. Only the teacher's view shows every hand (each seat's own
view's cards): it asks once before it opens.

The set-up chooses the mode: in practice hints, take backs and the teacher's
view are offered and counted (shown at the end, written in a saved game's
``"practice"``); in a game none of them is. At the end of each hand and of the
game a summary (`end`) shows the scores and the help used, with "New game" and "Save".

`BlackWidowWidget.at_table` sits the learner at any seat of a table played
from several screens (a classroom, `cardlab.widgets.classroom_source`): no
set-up, no practice features (hint, take back, teacher's view), bots moved
for everybody, and `others_moved` redraws after moves made elsewhere.

>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> play = BlackWidowWidget(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> play.start_bar.click("deal")
>>> play.view.phase, len(play.hand.cards)
(<Phase.PLAY: 'play'>, 13)
>>> play.status.startswith("Your turn") or "to play" in play.status
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import Any, cast

import ipywidgets as widgets

from cardlab.advice import advice
from cardlab.apps import AppSettings
from cardlab.blackwidow.actions import Kind, Moon, MoonChoice, Pass, Play
from cardlab.blackwidow.entry import BlackWidow
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.narration import CardList, addressed, named_scores
from cardlab.blackwidow.players import bot_seat
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView, Phase
from cardlab.blackwidow.widgets import panels, status
from cardlab.blackwidow.widgets.end import hand_summary
from cardlab.blackwidow.widgets.scores import score_chart_svg, score_sheet_html
from cardlab.blackwidow.widgets.setup import SetupForm
from cardlab.blackwidow.widgets.stepper import BlackWidowStory
from cardlab.cards import Card, Suit
from cardlab.decisions import Decision, Event
from cardlab.errors import CardlabError
from cardlab.games import Leveled
from cardlab.games import game as game_entry
from cardlab.i18n import ListOf, Text, message
from cardlab.levels import bot_label, default_level, level_bots
from cardlab.practice import Mode, Practice
from cardlab.records import dump_record, read_record
from cardlab.table import Person, Seat, Table
from cardlab.widgets.cards import CardButton, CardButtons
from cardlab.widgets.classroom_source import LocalSource, SeatSource
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar, record_upload
from cardlab.widgets.end_screen import NEW_GAME, SAVE, EndScreen, end_buttons
from cardlab.widgets.event_log import EventLog, LogSection, split
from cardlab.widgets.guard import guard
from cardlab.widgets.stepper import Stepper

#: The learner's seat in a game against bots.
LEARNER = 0
#: The views a classroom seat does without: they are practice features or leave the table.
_PRACTICE_VIEWS = ("teacher", "save", "new")
#: Seconds between two bot moves at each timed pace, fastest first.
DELAYS = {"animated": 0.6, "slow": 1.5, "slower": 3.0}
#: The bots' paces offered: at once, timed, or one move per click ("step").
PACES = ("instant", *DELAYS, "step")
#: Suits in the hand alternate in colour: clubs, diamonds, spades, hearts.
_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
#: Events worth repeating in the status line after the bots' moves.
_NEWS = ("trick", "moon", "moon_choice")
_ROW = widgets.Layout(flex_flow="row wrap", align_items="center")
_HIDDEN, _SHOWN = "none", ""
#: controls.css shows an upload button with this class without ipywidgets' file counter.
_STYLE = Path(__file__).with_name("play.css")


class BlackWidowWidget(widgets.VBox):
    """The set-up form, then the table: the learner at seat 0 against `bots` (or, through
    `at_table`, at any seat of a table played elsewhere)."""

    def __init__(self, rules: BlackWidowRules | None = None, bots: Sequence[str] | None = None,
                 seed: int | None = None, lang: str = "en", problems: Sequence[Text] = (),
                 pace: str = "instant", level: str | None = None,
                 mode: str = Mode.PRACTICE) -> None:
        rules = rules or BlackWidowRules()
        self.lang = lang
        self.seed = seed
        self.table: Table | None = None
        self.source: SeatSource | None = None
        self.seat = LEARNER
        #: Seat names at a shared table (None: "You" and each bot's name).
        self.names: tuple[str, ...] | None = None
        self.selected: list[Card] = []
        self._seen = 0      # events shown before the learner's last action
        self._said = ""     # a refusal or hint, shown until the next action
        self._charted = 0   # hands in the score chart
        self._task: asyncio.Task[None] | None = None
        self._entry = cast(BlackWidow, game_entry("blackwidow"))
        self._hint_bot = bot_seat(self._entry.hint_bot, seed)
        #: Every hand is shown (the teacher's view, after its confirmation).
        self.teacher_view = False
        #: The mode of the game at the table (kernel state, read from the set-up at the deal).
        self.mode = Mode(mode)
        #: How often the teacher's view was opened in this game, and whether it asked yet.
        self.teacher_views = 0
        self._teacher_asked = False
        #: The help a loaded game had before it was loaded.
        self._earlier = Practice()
        self.problems = widgets.HTML(
            "".join(f'<p class="cardlab-problem">{escape(p.text(lang))}</p>' for p in problems))
        entry = cast(Leveled, self._entry)
        if not bots:
            level = level or default_level(entry)
            bots = level_bots(entry, level, rules.players - 1)
        self.setup = SetupForm(rules, bots, lang, level, mode)
        self.start_bar = ControlBar([ButtonSpec("deal", self._text("deal"), primary=True)],
                                    label=self._text("setup_label"))
        self.start_bar.on_click(lambda _: self.deal())
        self.picture = widgets.HTML()
        self.hand = CardButtons(label=self._text("hand"), lang=lang)
        self.hand.on_click(self.press)
        self.hand.add_class("cardlab-bw-hand")
        #: A refusal or a hint, in a status line of its own beside the prompt.
        self.note = ControlBar([], label=self._text("note_label"))
        self.note.add_class("cardlab-bw-note")
        self.actions = ControlBar([], label=self._text("actions_label"))
        self.actions.add_class("cardlab-bw-actions")
        self.actions.on_click(self._action)
        self.views = ControlBar(self._view_buttons(), label=self._text("views_label"))
        self.views.on_click(self._view)
        self.confirm = ControlBar([], label=self._text("teacher_confirm_label"))
        self.confirm.on_click(self._confirm)
        self.confirm.layout.display = _HIDDEN
        self.pace = widgets.Dropdown(options=[(self._text(f"pace_{p}"), p) for p in PACES],
                                     value=pace, description=self._text("pace"),
                                     style={"description_width": "initial"})
        self.pace.observe(lambda _: self._advance(), "value")
        self.load = record_upload(self._text("load"))
        self.load.observe(self._loaded, "value")
        self.download = widgets.HTML()
        self.last_trick = widgets.HTML()
        self.events_list = EventLog(self._text("log"), lang)
        self.events_list.add_class("cardlab-bw-log")
        self.counting = widgets.HTML()
        self.teacher = widgets.HTML()
        self.scores = widgets.HTML()
        self.chart = widgets.HTML()
        self.replay = widgets.VBox()
        self.end = EndScreen(lang, review=lambda: (self.game.to_record(), self.seat),
                             stepper=self.open_stepper)
        self.end.on_click(self._end_pressed)
        self.tools = widgets.HBox([self.views, self.pace, self.load, self.download], layout=_ROW)
        self.board = widgets.VBox([
            self.teacher, self.picture, self.last_trick, self.hand, self.note, self.actions,
            self.end,
            self.events_list,
            self.tools, self.confirm, self.counting, self.scores, self.chart, self.replay])
        self.board.layout.display = _HIDDEN
        self.opening = widgets.VBox([self.setup, self.start_bar])
        style = widgets.HTML(f"<style>{_STYLE.read_text('utf-8')}</style>")
        super().__init__([style, self.problems, self.opening, self.board])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-bw")
        guard(self)

    @classmethod
    def from_settings(cls, settings: AppSettings) -> BlackWidowWidget:
        """The widget an app shows for its page address (bad parameters explained)."""
        return cls(settings.rules, settings.bots, settings.seed, settings.lang,
                   settings.problems + settings.notes, level=settings.level,
                   mode=settings.mode)

    @classmethod
    def at_table(cls, source: SeatSource, seat: int, names: Sequence[str],
                 lang: str = "en") -> BlackWidowWidget:
        """The learner at `seat` of a table played from several screens (`names`: every seat's).

        >>> from cardlab.table import Person
        >>> game = BlackWidowGame.new(BlackWidowRules(players=3), 1)
        >>> source = LocalSource(Table(game, [Person()] * 3))
        >>> play = BlackWidowWidget.at_table(source, 2, ["Ann", "Ben", "Cy (you)"])
        >>> play.name(0), play.decision.seat, [b["id"] for b in play.views.buttons]
        ('Ann', 2, ['last', 'counting', 'replay'])
        """
        widget = cls(source.table.game.rules, lang=lang)
        widget.seat = seat
        widget.names = tuple(names)
        widget.views.remove(*_PRACTICE_VIEWS)
        widget.tools.children = [widget.views, widget.download]
        widget.children = [child for child in widget.children if child is not widget.opening]
        widget._sit(source)
        return widget

    # -- what the learner sees -------------------------------------------------------

    @property
    def game(self) -> BlackWidowGame:
        """The game being played (after `deal`)."""
        assert self.table is not None
        game = self.table.game
        assert isinstance(game, BlackWidowGame)
        return game

    @property
    def view(self) -> BlackWidowView:
        """What the learner's seat sees of the game now (all the table shows, but the
        teacher's view)."""
        assert self.table is not None
        return self._entry.view(cast(BlackWidowGame, self.table.game), self.seat)

    @property
    def status(self) -> str:
        """What the learner reads first: the side message (a refusal, a hint) if there is
        one, else the prompt (both have ``role="status"``)."""
        if self.table is None:
            return self.start_bar.status
        return self.note.status or self.prompt

    @property
    def prompt(self) -> str:
        """The status line that says what happened and what the learner is to do now."""
        return self.actions.status

    @property
    def decision(self) -> Decision[Any, Any] | None:
        """What the learner must decide now (None while others are to move)."""
        if self.table is None:
            return None
        return next((d for d in self.table.waiting if d.seat == self.seat), None)

    def name(self, seat: int) -> str:
        """How a seat is called at this table: 'You', 'Seat 2 (Standard)', or the
        name a shared table gave it."""
        if self.names is not None:
            return self.names[seat]
        if seat == LEARNER:
            return self._text("you")
        assert self.table is not None
        return self._text("seat", seat=seat, bot=bot_label(
            cast(Leveled, self._entry), self.table.seats[seat].name, self.lang))

    # -- starting and continuing -----------------------------------------------------

    def deal(self) -> None:
        """Start a game with the set-up's choices (a bad choice is explained instead)."""
        try:
            rules, bots = self.setup.read()
        except CardlabError as err:
            self.start_bar.status = err.text(self.lang)
            return
        self.start_bar.status = ""
        self.start(BlackWidowGame.new(rules, self.seed), bots)

    def start(self, game: BlackWidowGame, bots: Sequence[str]) -> None:
        """Sit the learner and `bots` at `game` and play on from where it stands.

        A classroom seat stays at its table (the set-up and loading are not offered there).
        """
        if self.shared:
            return
        seats: list[Seat] = [Person(self._text("you"))]
        seats += [bot_seat(name, None if self.seed is None else self.seed + seat)
                  for seat, name in enumerate(bots, start=1)]
        self.mode = Mode(self.setup.mode.value)
        if self.mode is Mode.GAME:
            self.teacher_view = False
        self.views.show(self._view_buttons())
        self._sit(LocalSource(Table(game, seats, practice=self.mode is Mode.PRACTICE,
                                    chance=Person())))

    @property
    def shared(self) -> bool:
        """True at a table played from several screens (`at_table`)."""
        return self.names is not None

    def others_moved(self) -> None:
        """Moves made at other screens have reached the table: show them."""
        if self.table is not None:
            self.render()

    def _sit(self, source: SeatSource) -> None:
        self.source = source
        self.table = source.table
        self.selected = []
        self._seen = 0
        self._said = ""
        self._charted = -1
        self.replay.children = []
        self.teacher_views = int(self.teacher_view)
        self._teacher_asked = self.teacher_view
        self._earlier = Practice()
        self.end.hide()
        self.opening.layout.display = _HIDDEN
        self.board.layout.display = _SHOWN
        self._advance()

    def open_stepper(self) -> Stepper | None:
        """Once the game is over: step through it, told and counted from this seat only."""
        if self.table is None or self.view.phase is not Phase.OVER:
            self._say(self._text("replay_not_yet"))
            return None
        story = BlackWidowStory(self.table.game.to_record(), self.lang, seats=(self.seat,),
                                you=self.seat)
        stepper = Stepper(story)
        self.replay.children = [stepper]
        return stepper

    def press(self, code: str) -> None:
        """A card was pressed (as the browser does): select, play, or say why not."""
        decision = self.decision
        card = Card.parse(code)
        if decision is None:
            self._say(self._waiting_text())
        elif decision.kind is Kind.PASS:
            self._toggle(card, decision.pick)
        elif decision.kind is Kind.MOON:
            self._say(self._text("moon_first"))
        elif card not in decision.options:
            why = self.view.why_not(card)
            self._say(self._text("refused", card=card.name(self.lang),
                                 why=why.text(self.lang) if why else ""))
        else:
            self._act(Play(self.seat, card))

    # -- the buttons -----------------------------------------------------------------

    def _action(self, button: str) -> None:
        assert self.table is not None
        if button == "pass":    # enabled with three chosen; the engine checks again
            self._act(Pass(self.seat, tuple(self.selected)))
        elif button in ("moon_self", "moon_others"):
            self._act(Moon(self.seat, MoonChoice(button.removeprefix("moon_"))))
        elif button == "next":
            if self.view.phase is Phase.SCORED:
                self._seen = len(self.table.events)
                self.table.deal()
                self._advance()
            else:
                self.table.step()
                self.render()
        elif button == "hint":
            self._hint()
        elif button == "undo":
            self._undo()

    def _view(self, button: str) -> None:
        if button in ("last", "counting"):
            self.views.update(button, pressed=not self.views.spec(button).pressed)
            self.render()
        elif button == "teacher":
            self._teacher_button()
        elif button == "save":
            self._save()
        elif button == "replay":
            self.open_stepper()
        else:
            self.opening.layout.display = _SHOWN

    @property
    def practice(self) -> Practice:
        """The mode of this game and the help the learner had (a loaded game's too)."""
        assert self.table is not None
        return Practice(self.mode, self.table.hints, self.table.take_backs,
                        self.teacher_views).added(self._earlier)

    def new_game(self) -> None:
        """Back to the set-up, to choose the mode, the bots and the rules and deal again."""
        if self.shared:
            return
        self.end.hide()
        self.board.layout.display = _HIDDEN
        self.opening.layout.display = _SHOWN

    def _teacher_button(self) -> None:
        """Close the teacher's view, or open it: in practice only, asking the first time
        (never at a shared table)."""
        if self.shared:
            return
        if self.teacher_view:
            self.show_teacher_view(False)
            return
        if self.mode is not Mode.PRACTICE:
            self._say(message("mode.practice_only", self.lang))
            return
        if self._teacher_asked:
            self.show_teacher_view(True)
            return
        self.confirm.show([ButtonSpec("show_hands", self._text("teacher_confirm"), primary=True),
                           ButtonSpec("cancel", self._text("teacher_cancel"))])
        self.confirm.status = self._text("teacher_question")
        self.confirm.layout.display = _SHOWN

    def _confirm(self, button: str) -> None:
        self.show_teacher_view(button == "show_hands")

    def show_teacher_view(self, show: bool) -> None:
        """Open (after the learner confirmed) or close the teacher's view; each opening is
        counted, and a game in which it was open says so in its record. Never at a shared
        table, nor in a game."""
        self.confirm.show([])
        self.confirm.status = ""
        self.confirm.layout.display = _HIDDEN
        if self.shared or (show and self.mode is not Mode.PRACTICE):
            return
        if show and not self.teacher_view:
            self.teacher_views += 1
            self._teacher_asked = True
        self.teacher_view = show
        self.views.update("teacher", pressed=show)
        if self.table is not None:
            self.render()

    def _toggle(self, card: Card, pick: int) -> None:
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) == pick:
            self._say(self._text("three_chosen"))
            return
        else:
            self.selected.append(card)
        self._said = ""
        self.render()

    def _act(self, action: Pass | Play | Moon) -> None:
        assert self.table is not None and self.source is not None
        try:
            self.source.act(action)
        except CardlabError as err:
            self._said = err.text(self.lang)
            self.render()   # a shared table may have caught up with others' moves
            return
        self._seen = len(self.table.events) - len(self.table.moves[-1].events)
        self.selected = []
        self._said = ""
        self._advance()

    def _hint(self) -> None:
        assert self.table is not None
        if not self.table.practice:
            self._say(self._text("practice_only"))
            return
        if self.decision is None:
            self._say(self._waiting_text())
            return
        action, why = self.table.hint(self.seat, self._hint_bot)
        reason = advice(why)
        if isinstance(action, Pass):
            self._say(self._text("hint_pass", cards=CardList(action.cards).label(self.lang),
                                 reason=reason.text(self.lang)))
        elif isinstance(action, Play):
            self._say(self._text("hint_play", card=action.card.name(self.lang),
                                 reason=reason.text(self.lang)))
        else:
            self._say(self._text("hint_moon", reason=reason.text(self.lang)))

    def _undo(self) -> None:
        assert self.table is not None
        try:
            self.table.undo()
        except CardlabError as err:
            self._say(err.text(self.lang))
            return
        self._seen = min(self._seen, len(self.table.events))
        self.selected = []
        self._said = self._text("undone")
        self.render()

    def _save(self) -> None:
        if self.view.phase not in (Phase.SCORED, Phase.OVER) and not self._teacher:
            self._say(self._text("save_between_hands"))
            return
        self.download.value = panels.download_link(self._record_json(), self.lang)

    def _record_json(self) -> str:
        """The game so far as a cardlab/1 record, with the mode and the help used."""
        assert self.table is not None
        record = cast(BlackWidowRecord, self.table.game.to_record())
        return dump_record(replace(record, practice=self.practice))

    def _loaded(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        upload = change["new"][0]
        self.load.value = ()
        try:
            record = read_record(bytes(upload["content"]), upload["name"])
            if record.to_json().get("game") != "blackwidow":
                raise CardlabError("blackwidow.table.not_blackwidow")
            saved = cast(BlackWidowRecord, record)
            game = BlackWidowGame.from_record(saved)
        except CardlabError as err:
            why = err.text(self.lang)
            if self.table is None:
                self.start_bar.status = why
            else:
                self._say(why)
            return
        bots = [seat.value for seat in self.setup.bots]
        if len(bots) != saved.rules.players - 1:
            bots = [self._entry.default_bot] * (saved.rules.players - 1)
        self.start(game, bots)
        self._earlier = saved.practice
        self._say(self._text("loaded", hands=len(saved.hands)))

    # -- bots ------------------------------------------------------------------------

    def _advance(self) -> None:
        """Let the bots move at the chosen pace, then show the table."""
        if self.source is None:
            return
        if self.pace.value == "instant" or self.shared:
            self.source.play_bots()
        elif self.pace.value in DELAYS:
            self._animate()
        self.render()

    def _animate(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): play at once
            assert self.table is not None
            self.table.run()
            return
        if self._task is None or self._task.done():
            # A task, not a sleep: the kernel keeps answering the page between cards.
            self._task = loop.create_task(self._play_slowly())

    async def _play_slowly(self) -> None:
        assert self.table is not None
        while self.table.bot_to_move and self.pace.value in DELAYS:
            await asyncio.sleep(DELAYS[self.pace.value])
            self.table.step()
            self.render()

    # -- drawing ---------------------------------------------------------------------

    @property
    def _teacher(self) -> bool:
        return self.teacher_view and not self.shared

    def render(self) -> None:
        """Redraw everything from the learner's seat's view and decision (every hand only in
        the teacher's view)."""
        assert self.table is not None
        view = self.view
        decision = self.decision
        self.picture.value = panels.table_picture(view, self.name, lang=self.lang)
        # A card pressed to play is a decision; one pressed to pass only switches on or off.
        self.hand.decisions = decision is not None and decision.kind is not Kind.PASS
        self.hand.show(self._hand_buttons(view, decision))
        self.hand.layout.display = _SHOWN if view.hand else _HIDDEN   # no empty box at the end
        self.actions.show(self._action_buttons(view, decision))
        self._show_log(view)
        shown = self.views.spec("last").pressed or (view.phase is Phase.PLAY
                                                     and view.last_trick_fresh)
        self.last_trick.value = panels.last_trick_html(view, self.name, self.lang) \
            if shown else ""
        self.counting.value = (panels.counting_html(view, self.name, self.lang)
                               if self.views.spec("counting").pressed else "")
        players = range(view.rules.players)
        self.teacher.value = panels.every_hand_html(
            [(self.name(seat), self._entry.view(cast(BlackWidowGame, self.table.game), seat).hand)
             for seat in players if seat != self.seat], self.lang) if self._teacher else ""
        if view.phase not in (Phase.SCORED, Phase.OVER) and not self._teacher:
            self.download.value = ""
        names = [self.name(seat) for seat in players]
        short = [self._text("seat_short.you" if seat == self.seat else "seat_short.seat",
                            seat=seat) for seat in players]
        self.scores.value = score_sheet_html(names, view.results, self.lang, view.winners, short)
        self._show_end(view, names)
        if len(view.results) != self._charted:  # drawing the chart takes a while
            self._charted = len(view.results)
            self.chart.value = score_chart_svg(names, view.results, self.lang) \
                if view.results else ""
        # Last, so that the page shows what the status lines say by the time they say it.
        self.actions.status = self._prompt(view, decision)
        self.note.status = self._said

    def _show_log(self, view: BlackWidowView) -> None:
        """The events told to this seat, a section per hand; those since its last move new."""
        assert self.table is not None
        hands = split(self.table.events, lambda event: event.kind == "deal")
        sections = []
        for number, events in enumerate(hands, start=view.hand_number + 1 - len(hands)):
            lines = tuple(self._log_line(event) for event in events)
            summary = next((line for event, line in zip(events, lines, strict=True)
                            if event.kind == "scored"), "")
            sections.append(LogSection(self._text("log_hand", number=number + 1), lines,
                                       summary))
        new = len(self.table.events) - self._seen
        self.events_list.show(sections, new=min(new, len(hands[-1]) if hands else 0))

    def _log_line(self, event: Event[Any]) -> str:
        """One event as the log tells it to this seat: scores by the table's names, and
        the learner's practice win as a practice win."""
        if event.kind == "scored":
            return named_scores(event, self.name).text(self.lang)
        winners = event.data.get("winners", ()) if event.kind == "over" else ()
        if self.seat in winners and not self.shared and self.practice.mode is Mode.PRACTICE:
            return self._text("over", outcome=self.practice.win_line(self.lang,
                                                                      len(winners) > 1))
        return addressed(event, self.seat).text(self.lang)

    def _show_end(self, view: BlackWidowView, names: Sequence[str]) -> None:
        """The summary at the end of a hand or of the game (hidden while a hand is played)."""
        if view.phase not in (Phase.SCORED, Phase.OVER) or not view.results:
            self.end.hide()
            return
        practice = None if self.shared else self.practice
        over = view.phase is Phase.OVER
        if not over:
            title = message("blackwidow.end.hand_title", self.lang, number=len(view.results))
            outcome = ""
        else:
            title = message("blackwidow.end.game_title", self.lang)
            outcome = ((practice or Practice()).win_line(self.lang, len(view.winners) > 1)
                       if self.seat in view.winners
                       else message("blackwidow.end.winners", self.lang,
                                    names=ListOf(map(self.name, view.winners)).label(self.lang)))
        first = [] if over or self.shared else [ButtonSpec("next", self._text("next_hand"),
                                                           primary=True)]
        self.end.show(title, outcome, hand_summary(names, view.results[-1], self.lang),
                      practice, end_buttons(self.lang, first=first, new_game=not self.shared,
                                            save=not self.shared, review=over))

    def _end_pressed(self, button: str) -> None:
        if not self.end.shown:
            return
        if button == "next":
            self._action("next")
        elif button == NEW_GAME:
            self.new_game()
        elif button == SAVE:
            self.end.offer(self._record_json(), "blackwidow.json")

    def _view_buttons(self) -> list[ButtonSpec]:
        """The views and game buttons (the views pressed stay so): the teacher's view in
        practice only."""
        views = getattr(self, "views", None)

        def pressed(button: str) -> bool:
            return bool(views is not None and views.has(button) and views.spec(button).pressed)

        return [ButtonSpec("last", self._text("last_trick"), pressed=pressed("last")),
                ButtonSpec("counting", self._text("counting"), pressed=pressed("counting")),
                *([ButtonSpec("teacher", self._text("teacher"), pressed=self.teacher_view)]
                  if self.mode is Mode.PRACTICE else []),
                ButtonSpec("save", self._text("save")),
                ButtonSpec("replay", self._text("replay")),
                ButtonSpec("new", self._text("new_game"))]

    def _say(self, text: str) -> None:
        self._said = text
        if self.table is not None:
            self.note.status = text

    def _hand_buttons(self, view: BlackWidowView,
                      decision: Decision[Any, Any] | None) -> list[CardButton]:
        received = set(view.received or ())
        cards = sorted(view.hand, key=lambda card: (_SUIT_ORDER[card.suit], card.rank))
        if decision is not None and decision.kind is Kind.PASS:
            return [CardButton(card, pressed=card in self.selected) for card in cards]
        legal = set(decision.options) if decision is not None and decision.kind is Kind.PLAY \
            else set()
        return [CardButton(card, disabled=card not in legal, received=card in received)
                for card in cards]

    def _action_buttons(self, view: BlackWidowView,
                        decision: Decision[Any, Any] | None) -> list[ButtonSpec]:
        assert self.table is not None
        buttons = []
        if decision is not None and decision.kind is Kind.PASS:
            buttons.append(ButtonSpec("pass", self._text("pass", name=self.name(view.passed_to)),
                                      disabled=len(self.selected) != decision.pick,
                                      primary=True, decides=True))
        if decision is not None and decision.kind is Kind.MOON:
            outcomes = dict(view.moon_scores)
            buttons += [ButtonSpec(f"moon_{choice}", self._text(
                f"moon_{choice}", mine=outcomes[choice][self.seat]), primary=True, decides=True)
                for choice in MoonChoice]
        local = not self.shared     # a shared table deals the next hand for everybody
        if local and view.phase is Phase.SCORED:
            buttons.append(ButtonSpec("next", self._text("next_hand"), primary=True))
        elif local and self.pace.value == "step" and self.table.bot_to_move:
            buttons.append(ButtonSpec("next", self._text("next_move"), primary=True))
        if self.table.practice and view.phase is not Phase.OVER:   # nothing to help with after
            buttons += [ButtonSpec("hint", self._text("hint"), disabled=decision is None,
                                   decides=True),
                        ButtonSpec("undo", self._text("undo"), disabled=not self.table.can_undo,
                                   decides=True)]
        return buttons

    def _prompt(self, view: BlackWidowView, decision: Decision[Any, Any] | None) -> str:
        news = [addressed(event, self.seat).text(self.lang) for event in self._new_events()
                if event.kind in _NEWS][-2:]
        if view.phase is Phase.OVER and self.seat in view.winners and not self.shared:
            return " ".join([*news, self.practice.win_line(self.lang, len(view.winners) > 1)])
        return " ".join([*news, status.prompt(view, decision, selected=len(self.selected),
                                              name=self.name, lang=self.lang)])

    def _waiting_text(self) -> str:
        return status.waiting(self.view, self.name, self.lang)

    def _new_events(self) -> list[Event[Any]]:
        assert self.table is not None
        return self.table.events[self._seen:]

    def _text(self, key: str, **params: Any) -> str:
        return message(f"blackwidow.table.{key}", self.lang, **params)
