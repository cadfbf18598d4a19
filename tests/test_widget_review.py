"""The review widget: it runs, it cancels, its turning points open the stepper, it shows only
what the seat knew."""

from __future__ import annotations

import html
import re
import threading
from dataclasses import replace

import pytest

from cardlab.blackwidow.match import play_game as play_blackwidow
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.widgets.stepper import BlackWidowStory
from cardlab.cards import parse_cards
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game as play_fivesons
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.stepper import FiveSonsStory
from cardlab.games import game_of, reviewing
from cardlab.i18n import catalogue, message
from cardlab.review import POINTS, Estimate, Moment, Option, Review
from cardlab.widgets.review import CANCEL, START, ReviewPanel, _table, board_html, summary
from cardlab.widgets.stepper import Stepper

from helpers.blackwidow import play_until
from helpers.fivesons import fixed_game, play_fivesons_widget_to_the_end

SMALL = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"),
                      hearts=parse_cards("AH 2H 3H 4H"))
HOLD = BlackWidowRules(players=4, pass_cycle=("hold",))
WAIT = 600       # a bound for a stuck review, never a speed goal


def _fivesons_record(seed=5):
    return play_fivesons(SMALL, ["random", "infogain", "logician"], seed=seed).to_record()


def _seat_stepper(record, seat):
    """A stepper of `seat`'s view only, as the play apps open one."""
    game = FiveSonsGame.from_record(record)
    return Stepper(FiveSonsStory({seat: game.observation_log(seat)}))


def test_review_runs_from_its_button_and_fills_table_and_graph():
    record = _fivesons_record()
    panel = ReviewPanel(record, seat=0)
    assert panel.board.html == "" and panel.review is None
    panel.bar.click(START)
    assert panel.wait(WAIT)
    review = panel.review
    assert review is not None and review.moments
    board = panel.board.html
    assert board.count('<th scope="row"') == len(review.moments)
    assert 'role="img"' in board and "<desc>" in board          # the graph and its words
    assert "Uncertainty left about the solution (bits)" in board
    assert panel.progress.layout.display == "none"
    assert panel.bar.spec(START).label == "Review again"
    assert panel.bar.spec(CANCEL).disabled
    assert f"{len(review.moments)} decisions" in panel.summary.value
    assert panel.bar.status.startswith("Review finished")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_graph_names_choices_and_losses_as_the_table_does(lang):
    """The graph's tooltips and text alternative (what a screen reader reads) name cards by
    their corners and chances in percent, never by the records' codes."""
    record = _fivesons_record()
    board = board_html(reviewing(game_of(record)).review(record, 0, 0, None), lang)
    graph = board.split('<div class="cardlab-review-turning">')[0]
    assert "<title>" in graph and "no_guess" not in graph
    assert not re.search(r"[2-9TJQKA][CDHS]\+[2-9TJQKA][CDHS]", graph)
    assert not re.search(r"\d (chance|Chance)\b", graph)


def test_chances_to_guess_rightly_let_pass_are_listed_apart_and_counted():
    """Letting a chance to guess pass while unsure is the one sensible choice: such rows
    are folded away below the table, so questions, cards shown and guesses stand out."""
    record = _fivesons_record()
    review = reviewing(game_of(record)).review(record, 0, 0, None)
    routine = [n for n, m in enumerate(review.moments, start=1) if m.routine]
    assert routine and all(review.moments[n - 1].kind == "no_guess" for n in routine)
    assert all(review.moments[n - 1].judged == ("good", 0.0) for n in routine)
    listed, folded = board_html(review).split('<details class="cardlab-review-routine">')
    assert f"Routine decisions ({len(routine)} decision{'s' if len(routine) > 1 else ''}): " \
           "each time the one sensible choice, and it was made" in folded
    shown = {int(n) for n in re.findall(r'data-label="No.">(\d+)</th>', listed)}
    assert shown.isdisjoint(routine) and len(shown) == len(review.moments) - len(routine)
    assert {int(n) for n in re.findall(r'data-label="No.">(\d+)</th>', folded)} == set(routine)


@pytest.mark.parametrize(("lang", "whole", "note"), [
    ("en", "(all, whole table)", "Whole table: a card you showed is measured"),
    ("de", "(alle, ganzer Tisch)", "Ganzer Tisch: Eine Karte, die du gezeigt hast")])
def test_a_card_shown_says_its_deals_are_the_whole_tables_and_why(lang, whole, note):
    """A card shown is weighed over the deals the whole table could see (the asker's hand
    is not the seat's to know): many more than a question's, so the table says whose they
    are, and explains it once below."""
    record = _fivesons_record()
    review = reviewing(game_of(record)).review(record, 0, 0, None)
    board = html.unescape(board_html(review, lang))
    rows = re.findall(r"<tr role=\"row\".*?</tr>", board)
    kinds = {"show": [], "ask": []}
    for moment, row in zip((m for m in review.moments if not m.routine), rows[1:],
                           strict=False):
        if moment.kind in kinds:
            kinds[moment.kind].append(whole in row)
    assert kinds["show"] and all(kinds["show"]) and not any(kinds["ask"])
    assert board.count(note) == 1


def test_cancel_stops_the_review_at_its_next_step():
    record = play_blackwidow(HOLD, ["heuristic"] * 4, seed=4).to_record()
    panel = ReviewPanel(record, seat=0, lang="de")
    cancelled = threading.Event()

    def first_step(change):
        if change["new"] > 0 and not cancelled.is_set():
            cancelled.set()
            panel.bar.click(CANCEL)          # the kernel hears the button while it runs
    panel.progress.observe(first_step, "value")
    panel.bar.click(START)
    assert panel.running and not panel.bar.spec(CANCEL).disabled
    assert panel.wait(WAIT)
    assert cancelled.is_set()
    assert panel.review is None and panel.board.html == ""
    assert panel.bar.status == "Rückblick abgebrochen."
    assert panel.progress.value < panel.progress.max    # it stopped before the end
    assert not panel.bar.spec(START).disabled            # and may start again


def test_a_turning_point_opens_the_stepper_at_what_the_seat_knew_then():
    record = _fivesons_record()
    stepper = _seat_stepper(record, 0)
    panel = ReviewPanel(record, seat=0, stepper=lambda: stepper)
    panel.bar.click(START)
    assert panel.wait(WAIT)
    number, moment = next((n, m) for n, m in enumerate(panel.review.moments, start=1)
                          if m.judged[0] == "mistake")
    assert f'data-open="{number}"' in panel.board.html
    panel.board.request(number)              # as the browser's click on that row or point
    assert stepper.after == moment.where["after"] > 0
    assert "is open in the stepper" in panel.bar.status
    # Beside the step itself, what was chosen and what was best, without scrolling back.
    note = stepper.note.value
    assert f"Decision {number} of the review:" in note and ", a mistake." in note
    assert html.escape(moment.reason.text()) in note


def test_a_black_widow_play_opens_where_its_legal_cards_were_the_options():
    record = play_blackwidow(HOLD, ["heuristic"] * 4, seed=4).to_record()
    short = replace(record, hands=(replace(record.hands[0], plays=record.hands[0].plays[:12]),))
    story = BlackWidowStory(short, seats=(1,))
    stepper = Stepper(story)
    panel = ReviewPanel(short, seat=1, stepper=lambda: stepper)
    panel.bar.click(START)
    assert panel.wait(WAIT)
    plays = [(n, m) for n, m in enumerate(panel.review.moments, start=1) if m.kind == "play"]
    assert plays
    for number, moment in plays:
        panel.board.request(number)
        legal = {card.code for card in story.view(1, stepper.after).legal()}
        assert legal == {option.action for option in moment.options}
        assert story.steps[stepper.after].plays == moment.where["play"] - 1


@pytest.mark.parametrize("forged", [{"open": 0}, {"open": 999}, {"open": "1"}, {"open": True},
                                    ["open", 1], {"open": None}])
def test_a_forged_open_message_opens_nothing(forged):
    record = _fivesons_record()
    stepper = _seat_stepper(record, 0)
    panel = ReviewPanel(record, seat=0, stepper=lambda: stepper)
    panel.bar.click(START)
    assert panel.wait(WAIT)
    stepper.go(2)
    panel.board._message(panel.board, forged, [])
    assert stepper.after == 2


def test_opening_before_the_review_ends_opens_nothing():
    record = _fivesons_record()
    stepper = _seat_stepper(record, 0)
    panel = ReviewPanel(record, seat=0, stepper=lambda: stepper)
    panel.board.request(1)
    assert stepper.after == 0 and "no decision 1" in panel.bar.status


def test_what_the_panel_shows_does_not_depend_on_cards_the_seat_never_saw():
    jh, qh = parse_cards("JH QH")
    kd, h9, js, h2, qc, h5, kc, h8, qs, h3 = parse_cards("KD 9H JS 2H QC 5H KC 8H QS 3H")
    record = fixed_game().to_record()
    # Seats 2 and 3 swap JH and QH: no question names either, so seat 0 sees the same game.
    hands = list(record.hands)
    hands[2] = tuple(qh if c == jh else c for c in hands[2])
    hands[3] = tuple(jh if c == qh else c for c in hands[3])

    def played(hands):
        game = FiveSonsGame.start(record.rules, record.solution, hands)
        for seat, face, heart in ((0, kd, h9), (1, js, h2), (2, qc, h5), (3, kc, h8),
                                  (0, qs, h3)):
            game.ask(seat, face, heart)
        return game.to_record()

    boards = []
    for game_record in (played(record.hands), played(tuple(hands))):
        panel = ReviewPanel(game_record, seat=0, stepper=lambda: None)
        panel.bar.click(START)
        assert panel.wait(WAIT)
        boards.append((panel.board.html, panel.summary.value))
    assert played(record.hands).hands != played(tuple(hands)).hands
    assert boards[0] == boards[1]


def test_a_game_without_a_review_says_so_and_starts_nothing():
    log = FiveSonsGame.from_record(_fivesons_record()).observation_log(0)
    panel = ReviewPanel(log, seat=0)
    panel.bar.click(START)
    assert panel.wait(WAIT) and panel.review is None and panel.board.html == ""
    assert "full record" in panel.bar.status
    assert not panel.bar.spec(START).disabled


# -- Review on the play apps' end screens ------------------------------------------------

def test_review_on_the_five_sons_end_screen_reviews_the_learners_seat_and_opens_its_stepper():
    from cardlab.fivesons.widgets.play import FiveSonsWidget
    widget = FiveSonsWidget(SMALL, ["infogain", "infogain"], seed=3)
    assert not widget.end.bar.has("review")
    widget.end.bar.click("review")                       # forged before the end: nothing
    assert widget.end.review is None
    play_fivesons_widget_to_the_end(widget)
    assert [spec.id for spec in widget.end.bar.specs] == ["new_game", "save", "review"]
    widget.end.bar.click("review")
    panel = widget.end.review
    assert panel is not None and panel.seat == widget.seat == 0
    assert panel.wait(WAIT) and panel.review is not None
    assert panel.review.to_json() == _review_of(widget.game.to_record(), 0)
    number, moment = next((n, m) for n, m in enumerate(panel.review.moments, start=1)
                          if m.kind == "ask")
    panel.board.request(number)
    assert widget.stepper is not None and widget.stepper.after == moment.where["after"]
    assert widget.stepper.perspective.value == 0
    widget.end.bar.click("new_game")
    assert widget.end.review is None and widget.end.reviewing.children == ()


def test_review_on_the_black_widow_end_screen_is_offered_once_the_game_is_over():
    from cardlab.blackwidow.widgets.play import BlackWidowWidget
    widget = BlackWidowWidget(BlackWidowRules(pass_cycle=("hold",), end_above=1), seed=8)
    widget.start_bar.click("deal")
    play_until(widget, lambda w: w.game.phase in ("scored", "over"))
    if not widget.game.over:
        assert not widget.end.bar.has("review")          # a hand's end: not yet
        play_until(widget, lambda w: w.game.over)
    assert widget.end.bar.has("review")
    widget.end.bar.click("review")
    panel = widget.end.review
    assert panel.wait(WAIT) and panel.review is not None and panel.review.game == "blackwidow"
    spoken = panel.heading.value + panel.summary.value          # the learner's own seat
    assert "Your game, reviewed" in spoken and "what you knew" in spoken
    assert panel.summary.value.startswith("<p>Your game: ") and "seat 0" not in spoken
    number = len(panel.review.moments)
    panel.board.request(number)
    (stepper,) = widget.replay.children
    assert [value for _, value in stepper.perspective.options] == [0]    # this seat only
    assert stepper.after > 0


def test_a_classroom_seats_review_shows_nothing_of_cards_it_never_saw():
    from test_widget_fivesons import HANDS, STEPS, TWIN_HANDS, bots, deal, play, states

    from cardlab.fivesons.widgets.play import FiveSonsWidget
    from cardlab.table import Person, Table
    from cardlab.widgets.classroom_source import LocalSource

    pages = []
    for hands in (HANDS, TWIN_HANDS):               # 8H and 9H swapped between seats 2, 3
        table = Table(deal(hands=hands), [Person(), *bots()])
        widget = FiveSonsWidget.at_table(LocalSource(table), 0, ["You", "Ben", "Cy", "Di"])
        play(widget, [*STEPS, "guess KS TH"])
        widget.show("JC")
        assert widget.game.over and widget.end.bar.has("review")
        assert not widget.end.bar.has("new_game")      # a classroom seat: Review only
        widget.end.bar.click("review")
        assert widget.end.review.wait(WAIT) and widget.end.review.review is not None
        widget.end.review.board.request(1)
        assert [value for _, value in widget.stepper.perspective.options] == [0, "public"]
        pages.append(widget)
    assert pages[0].game.to_record().hands != pages[1].game.to_record().hands
    assert states(pages[0]) == states(pages[1])


@pytest.mark.parametrize(("lang", "heading", "said"), [
    ("en", "Your game, reviewed", "Your game: "),
    ("de", "Rückblick auf deine Partie", "Deine Partie: ")])
def test_the_learners_own_review_speaks_to_them_in_both_languages(lang, heading, said):
    options = (Option("a", Estimate.exact(4.0, 5)), Option("b", Estimate.exact(0.0, 5)))
    review = Review("any game", 0, 1, "points", (Moment("play", POINTS, options, *"aabb"),))
    seat = catalogue(lang)["review_panel.heading"].format(seat=0)     # "Review of seat 0"
    own = ReviewPanel(lambda: None, seat=0, lang=lang, own=True).heading.value
    assert heading in own and seat not in own
    assert seat in ReviewPanel(lambda: None, seat=0, lang=lang).heading.value
    assert summary(review, lang, own=True).startswith(said)
    assert summary(review, lang).startswith(seat)


def test_the_table_names_cards_as_the_learner_reads_them_not_by_their_codes():
    record = _fivesons_record()
    review = reviewing(game_of(record)).review(record, 0, 0, None)
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", _table(review, "de", openable=False))
    assert any(re.search(r"[BDK]♣ \+ [A2-4]♥", cell) for cell in cells)    # "B♣ + 2♥"
    assert [cell for cell in cells if re.search(r"\b[2-9TJQKA][CDHS]\b", cell)] == []
    assert [cell for cell in cells if re.search(r"\d\.\d", cell)] == []     # "0,415 Bit"


@pytest.mark.parametrize(("lang", "lost"), [("en", "100%"), ("de", "100 %")])
def test_a_chance_lost_reads_in_percent_not_as_a_bare_chance(lang, lost):
    """A missed sure win loses the whole chance: the table says 100 %, not "1.000 chance"."""
    from cardlab.fivesons.review import review_game
    game = fixed_game()
    qs, h3, kd, h2 = parse_cards("QS 3H KD 2H")
    game.ask(0, qs, h3)          # nobody can show: seat 0 is now certain
    game.ask(1, kd, h2)          # ... yet let its chance pass
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", _table(review_game(game.to_record(), seat=0),
                                                     lang, openable=False))
    missed = [row for row in rows if "certain" in row or "sicher" in row]
    assert missed and all(f">{lost}</td>" in row for row in missed), missed
    assert not [row for row in rows if re.search(r"\d (chance|Chance)<", row)]


def _review_of(record, seat):
    return reviewing(game_of(record)).review(record, seat, 0, None).to_json()


# -- Review in the stepper app ------------------------------------------------------------

def test_the_stepper_app_reviews_the_game_shown_from_the_seat_chosen():
    from cardlab.widgets.stepper_app import StepperApp
    app = StepperApp.from_query("game=fivesons&players=3&seed=2")
    assert [seat for _, seat in app.review_seat.options] == [0, 1, 2]
    app.review_seat.value = 1
    panel = app.review
    assert panel is not None and panel.seat == 1
    panel.bar.click(START)
    assert panel.wait(WAIT)
    assert "Review of seat 1" in panel.heading.value        # any seat: named, not "your"
    assert panel.summary.value.startswith("<p>Review of seat 1: ")
    assert panel.review.to_json() == _review_of(app.source.to_record(), 1)
    number, moment = next((n, m) for n, m in enumerate(panel.review.moments, start=1)
                          if m.kind == "ask")
    panel.board.request(number)
    assert app.stepper.perspective.value == 1 and app.stepper.after == moment.where["after"]


def test_the_stepper_app_reviews_a_loaded_record_and_says_why_not_for_a_log():
    import json

    from cardlab.widgets.stepper_app import StepperApp
    record = play_blackwidow(HOLD, ["heuristic"] * 4, seed=4).to_record()
    short = replace(record, hands=(replace(record.hands[0], plays=record.hands[0].plays[:8]),))
    app = StepperApp.from_query("lang=de")
    app.load_bytes(json.dumps(short.to_json()).encode(), "kurz.json")
    assert [seat for _, seat in app.review_seat.options] == [0, 1, 2, 3]
    app.review_seat.value = 2
    app.review.bar.click(START)
    assert app.review.wait(WAIT) and app.review.review.game == "blackwidow"
    assert app.review.review.seat == 2
    log = FiveSonsGame.from_record(_fivesons_record()).observation_log(1)
    app.load_bytes(json.dumps(log.to_json()).encode(), "log.json")
    app.review.bar.click(START)
    assert app.review.wait(WAIT) and app.review.review is None
    assert "braucht eine vollständige Aufzeichnung" in app.review.bar.status


# -- Which hand ---------------------------------------------------------------------------

def _two_hands():
    record = play_blackwidow(HOLD, ["heuristic"] * 4, seed=4).to_record()
    second = replace(record.hands[1], plays=record.hands[1].plays[:8])
    return replace(record, hands=(record.hands[0], second))


def test_the_hand_choice_offers_each_hand_and_reviews_the_last_one_played_first():
    record = _two_hands()
    panel = ReviewPanel(record, seat=1, lang="de")
    assert panel.hand_choice.layout.display is None
    assert [label for label, _ in panel.hand_choice.options] == ["Runde 1", "Runde 2",
                                                                 "Alle Runden"]
    assert panel.hand_choice.value == 2
    while_running = []
    panel.progress.observe(lambda _: while_running.append(panel.hand_choice.disabled), "value")
    panel.bar.click(START)
    assert panel.wait(WAIT) and not panel.hand_choice.disabled
    assert while_running and all(while_running)  # the hand stays what was asked for
    assert panel.review.moments and {m.where["hand"] for m in panel.review.moments} == {2}
    assert panel.review.to_json() == _review_of_hand(record, 1, 2)
    assert panel.board.html.count('<th scope="row"') == len(panel.review.moments)
    # "Review again" for the hand reviewed; a hand picked that was not is reviewed afresh.
    again, afresh = (message(f"review_panel.{key}", "de") for key in ("again", "start"))
    assert panel.bar.spec(START).label == again
    panel.hand_choice.set_state({"index": 0})
    assert panel.hand_choice.value == 1 and panel.bar.spec(START).label == afresh
    panel.hand_choice.set_state({"index": 2})
    assert panel.bar.spec(START).label == afresh         # every hand: not reviewed either
    panel.hand_choice.set_state({"index": 1})
    assert panel.bar.spec(START).label == again


def test_a_forged_hand_choice_is_refused_and_the_hand_stays():
    panel = ReviewPanel(_two_hands(), seat=1)
    panel.hand_choice.set_state({"index": 7})
    panel.hand_choice.set_state({"index": -1})
    assert panel.hand_choice.value == 2


def test_a_record_of_one_hand_or_a_game_without_hands_offers_no_choice():
    one = replace(_two_hands(), hands=_two_hands().hands[:1])
    for record in (one, _fivesons_record()):
        panel = ReviewPanel(record, seat=0)
        assert panel.hand_choice.options == () and panel.hand_choice.layout.display == "none"


def test_cancel_stops_a_hand_and_leaves_the_choice_free():
    panel = ReviewPanel(_two_hands(), seat=0)
    panel.hand_choice.value = 1
    seen = threading.Event()

    def first_step(change):
        if change["new"] > 0 and not seen.is_set():
            seen.set()
            panel.bar.click(CANCEL)
    panel.progress.observe(first_step, "value")
    panel.bar.click(START)
    assert panel.wait(WAIT) and seen.is_set()
    assert panel.review is None and panel.bar.status == "Review cancelled."
    assert panel.progress.value < panel.progress.max
    assert not panel.hand_choice.disabled and not panel.bar.spec(START).disabled


def _review_of_hand(record, seat, hand):
    from cardlab.games import game_of
    return game_of(record).review_hand(record, seat, hand, 0, None).to_json()
