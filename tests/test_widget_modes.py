"""Practice or game, in both play apps: what each mode offers, what is counted, how a game ends.

Everything is driven as the browser drives it, through `ControlBar.click` (a click the
kernel checks against its own state) and the stock widgets' values.
"""

from __future__ import annotations

import base64
import json

import pytest

from cardlab.apps import read_settings
from cardlab.blackwidow.game import Phase
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.fivesons.actions import Kind
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.i18n import catalogue
from cardlab.practice import Mode, Practice
from cardlab.records import parse_record

#: A short Black Widow game: three players, no passing, over after a hand or two.
SHORT = BlackWidowRules(players=3, pass_cycle=("hold",), end_above=20)
HELP = {"hint", "take_back", "undo", "teacher"}


def saved(end) -> dict:
    """The record the end screen's Save button offers, as JSON data."""
    end.bar.click("save")
    return json.loads(base64.b64decode(end.download.value.split("base64,")[1].split('"')[0]))


# -- Five Sons ----------------------------------------------------------------------------

def fivesons(mode: str, lang: str = "en") -> FiveSonsWidget:
    return FiveSonsWidget.from_settings(read_settings(
        "fivesons", f"players=3&bots=random,random&seed=5&mode={mode}&lang={lang}"))


def ask_first(widget: FiveSonsWidget) -> None:
    face, heart = widget.decision.options[0]
    widget.faces.click(face.code)
    widget.hearts.click(heart.code)
    widget.controls.click("ask")


def play_to_the_end(widget: FiveSonsWidget, guess_right: bool = True) -> None:
    """Ask the first question each turn, show the first card, guess when it is time."""
    while not widget.game.over:
        decision = widget.decision
        if decision is None and widget.held:            # practice, after a wrong guess
            widget.controls.click("play_on")
            continue
        assert decision is not None, widget.controls.status
        if decision.kind == Kind.ASK:
            ask_first(widget)
        elif decision.kind == Kind.SHOW:
            widget.hand.click(decision.options[0].code)
        else:
            face, heart = widget.game.solution
            if not guess_right:
                heart = next(h for h in widget.game.rules.hearts if h != heart)
            widget.faces.click(face.code)
            widget.hearts.click(heart.code)
            widget.controls.click("guess")


def test_fivesons_game_mode_offers_no_help_and_a_forged_click_gets_none():
    widget = fivesons("game")
    assert widget.mode.value == "game" and not widget.table.practice
    assert HELP.isdisjoint(button["id"] for button in widget.controls.buttons)
    widget.controls.click("hint")                       # not offered: nothing happens
    widget.controls.click("take_back")
    widget.hint()                                       # even called directly
    assert widget.advice.value == "" and widget.table.hints == 0
    assert widget.note.status == catalogue("en")["mode.practice_only"]
    play_to_the_end(widget)
    assert widget.end.shown and "You win!" in widget.end.summary.value
    assert saved(widget.end)["practice"] == {"mode": "game"}


def test_fivesons_practice_counts_hints_and_take_backs_and_never_calls_it_a_plain_win():
    widget = fivesons("practice")
    assert {"hint", "take_back"} <= {button["id"] for button in widget.controls.buttons}
    assert widget.controls.spec("take_back").disabled    # nothing to take back yet
    widget.controls.click("hint")
    assert widget.advice.value.startswith('<p class="cardlab-hint">Hint')
    ask_first(widget)
    assert not widget.controls.spec("take_back").disabled
    widget.controls.click("take_back")
    assert widget.table.moves == [] and widget.practice == Practice(Mode.PRACTICE, 1, 1)
    assert widget.controls.spec("take_back").disabled    # back at the start
    play_to_the_end(widget)
    text = widget.end.summary.value
    assert "You win!" not in text and "You won with help (1 hint, 1 take back)" in text
    assert widget.controls.status.endswith("a practice win, not a win in a game.")
    record = saved(widget.end)
    assert record["practice"] == {"mode": "practice", "hints": 1, "take_backs": 1}
    assert parse_record(record).practice == Practice(Mode.PRACTICE, 1, 1)


def test_fivesons_practice_without_help_is_a_practice_win():
    widget = fivesons("practice", "de")
    play_to_the_end(widget)
    assert catalogue("de")["mode.won_practice"] in widget.end.summary.value


def test_fivesons_end_screen_shows_the_solution_and_who_held_what_then_a_new_game():
    widget = fivesons("practice")
    assert not widget.end.shown and widget.end.bar.buttons == []
    widget.end.bar._message(None, {"click": "new_game"}, [])   # forged before the end
    first = widget.game
    assert widget.game is first and not first.over
    play_to_the_end(widget, guess_right=False)
    face, heart = first.solution
    summary = widget.end.summary.value
    assert f"The solution: the {face.name()} and the {heart.name()}." in summary
    assert all(card.name() in summary for hand in first.to_record().hands for card in hand)
    assert [b["id"] for b in widget.end.bar.buttons] == ["new_game", "save", "review"]
    assert widget.controls.spec("take_back").disabled and widget.controls.spec("hint").disabled
    widget.controls.click("take_back")                  # the game is over: not offered
    widget.controls.click("hint")
    assert widget.game is first and widget.practice == Practice(Mode.PRACTICE)
    assert widget.advice.value == ""
    widget.undo()                                       # even called directly: refused
    assert widget.game is first
    assert widget.note.status == catalogue("en")["table.undo_over"]
    widget.end.bar.click("new_game")
    assert widget.game is not first and not widget.game.over
    assert widget.table.moves == [] and widget.practice == Practice(Mode.PRACTICE)
    assert not widget.end.shown and widget.end.bar.buttons == [] and not widget.mode.disabled
    assert widget.controls.spec("take_back").disabled    # a new game: nothing to take back
    assert not widget.controls.spec("hint").disabled
    assert widget.decision is not None and widget.decision.kind == Kind.ASK


def test_fivesons_mode_is_chosen_before_the_first_move_only():
    widget = fivesons("practice")
    widget.mode.value = "game"                          # as the browser sets it
    assert not widget.table.practice
    assert HELP.isdisjoint(button["id"] for button in widget.controls.buttons)
    widget.mode.value = "practice"
    ask_first(widget)
    assert widget.mode.disabled
    widget.choose_mode("game")
    assert widget.table.practice and widget.mode.value == "practice"
    assert widget.note.status == catalogue("en")["mode.fixed"]


# -- Black Widow ---------------------------------------------------------------------------

def blackwidow(mode: str, lang: str = "en") -> BlackWidowWidget:
    widget = BlackWidowWidget(SHORT, ("random", "random"), seed=4, lang=lang)
    widget.setup.mode.value = mode
    widget.start_bar.click("deal")
    return widget


def play_hand(widget: BlackWidowWidget) -> None:
    """Play the first legal card (choosing the moon for the others) until the hand ends."""
    while widget.game.phase not in (Phase.SCORED, Phase.OVER):
        decision = widget.decision
        assert decision is not None, widget.status
        if decision.kind == "moon":
            widget.actions.click("moon_others")
        else:
            widget.hand.click(next(c["code"] for c in widget.hand.cards if not c["disabled"]))


def play_game(widget: BlackWidowWidget) -> int:
    """Play hands (each from its end screen's next-hand button) until the game is over."""
    hands = 0
    while True:
        play_hand(widget)
        hands += 1
        assert widget.end.shown
        if widget.game.phase is Phase.OVER:
            return hands
        assert [b["id"] for b in widget.end.bar.buttons] == ["next", "new_game", "save"]
        widget.end.bar.click("next")
        assert not widget.end.shown


def test_blackwidow_game_mode_offers_no_hint_take_back_or_teachers_view():
    widget = blackwidow("game")
    assert widget.mode is Mode.GAME and not widget.table.practice
    offered = {b["id"] for bar in (widget.actions, widget.views) for b in bar.buttons}
    assert HELP.isdisjoint(offered)
    widget.views.click("teacher")                       # forged: not offered
    widget._teacher_button()                            # even asked for directly
    widget.show_teacher_view(True)
    assert widget.teacher.value == "" and widget.confirm.buttons == []
    assert widget.teacher_views == 0
    play_game(widget)
    assert saved(widget.end)["practice"] == {"mode": "game"}
    assert "Game: played without help." in widget.end.summary.value


def test_blackwidow_practice_counts_help_asks_for_the_teachers_view_once_and_says_so():
    widget = blackwidow("practice")
    assert widget.actions.spec("undo").disabled         # nothing to take back yet
    widget.actions.click("hint")
    card = next(c["code"] for c in widget.hand.cards if not c["disabled"])
    widget.hand.click(card)
    assert not widget.actions.spec("undo").disabled
    widget.actions.click("undo")
    widget.views.click("teacher")
    assert widget.confirm.status == catalogue("en")["blackwidow.table.teacher_question"]
    widget.confirm.click("show_hands")
    widget.views.click("teacher")                       # closed
    widget.views.click("teacher")                       # opened again: no second question
    assert widget.confirm.buttons == [] and widget.teacher_view
    widget.views.click("teacher")
    assert widget.practice == Practice(Mode.PRACTICE, 1, 1, 2)
    play_game(widget)
    summary = widget.end.summary.value
    assert "Practice: 1 hint, 1 take back, the teacher&#x27;s view opened 2 times." in summary
    assert "you win" not in widget.status.lower() and "You win!" not in summary
    record = saved(widget.end)
    assert record["practice"] == {"mode": "practice", "hints": 1, "take_backs": 1,
                                  "teacher_view": True, "teacher_views": 2}
    assert HELP.isdisjoint(b["id"] for b in widget.actions.buttons)   # over: no help left
    moves = len(widget.table.moves)
    widget.actions._message(None, {"click": "undo"}, [])     # forged by the page
    widget.actions._message(None, {"click": "hint"}, [])
    assert widget.game.phase is Phase.OVER and len(widget.table.moves) == moves
    assert widget.practice == Practice(Mode.PRACTICE, 1, 1, 2)
    widget._undo()                                      # even called directly: refused
    assert widget.game.phase is Phase.OVER
    assert widget.status == catalogue("en")["table.undo_over"]


def test_blackwidow_hand_and_game_end_screens_and_new_game_starts_afresh():
    widget = blackwidow("practice", "de")
    play_hand(widget)
    assert widget.game.phase is Phase.SCORED                # this deal takes two hands
    assert "Runde 1 ist vorbei" in widget.end.title.value
    assert "<caption>Diese Runde und der Gesamtstand" in widget.end.summary.value
    assert play_game(widget) == len(widget.game.results) == 2
    assert catalogue("de")["blackwidow.end.game_title"] in widget.end.title.value
    assert [b["id"] for b in widget.end.bar.buttons] == ["new_game", "save", "review"]
    widget.end.bar.click("new_game")
    assert widget.opening.layout.display == "" and widget.board.layout.display == "none"
    widget.setup.mode.value = "game"
    widget.start_bar.click("deal")
    assert widget.game.results == [] and widget.mode is Mode.GAME and not widget.end.shown
    assert widget.practice == Practice(Mode.GAME)


# -- the address and the shared pieces -------------------------------------------------------

@pytest.mark.parametrize("game", ["fivesons", "blackwidow"])
def test_the_address_chooses_the_mode_and_a_bad_one_is_explained(game):
    assert read_settings(game, "mode=game").mode == Mode.GAME
    bad = read_settings(game, "mode=exam&lang=de")
    assert bad.mode == Mode.PRACTICE
    assert [p.text("de") for p in bad.problems] == ["mode: „exam“ ist kein Modus (practice, game)"]

