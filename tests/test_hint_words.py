"""Hints speak to the learner: "you", cards by their full names in the learner's language,
units explained, never a card code, a corner label or a bot's word such as 'self'."""

from __future__ import annotations

import re

import pytest

from cardlab.advice import advice
from cardlab.blackwidow.bots import make_bot
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.games import Leveled, game
from cardlab.i18n import Text

#: A card as a code (QS, 10H, TH) or as its corner shows it (Q♠).
CODE = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b|[♠♥♦♣]")
LANGS = ("en", "de")


def reasons(name: str, bot: str, seed: int, moves: int) -> list[Text]:
    """The reasons `bot` gives for the first `moves` moves of a seeded game it plays alone."""
    entry = game(name)
    played = entry.new_game(entry.read_rules({}), seed)
    seats = [entry.bot_seat(bot, seed + seat) for seat in range(4)]
    said = []
    for _ in range(moves):
        if played.over or not played.decisions:
            break
        decision = played.decisions[0]
        action, why = seats[decision.seat].decide(played, decision)
        said.append(why)
        played.apply(action)
    return said


def check(hint: str) -> None:
    assert not CODE.search(hint), hint
    assert "self" not in hint and "'" not in hint, hint


@pytest.mark.parametrize("name", ["fivesons", "blackwidow"])
def test_every_levels_reasons_read_as_a_hint_without_codes(name):
    entry = game(name)
    assert isinstance(entry, Leveled)
    keys = set()
    for level, bot in entry.levels.items():
        said = [why for seed in (1, 2) for why in reasons(name, bot, seed, 40)]
        assert said, level
        for why in said:
            keys.add(why.key)
            for lang in LANGS:
                check(advice(why).text(lang))
    assert len(keys) >= 5, keys       # several kinds of reason, not one repeated


@pytest.mark.parametrize("choice", ["self", "others"])
def test_the_moon_choice_is_said_in_words(choice):
    view = seat_view(BlackWidowGame.new(BlackWidowRules(), seed=1), 0)
    scores = {"self": [0, 26, 26, 26], "others": [0, 52, 52, 52]}
    if choice == "self":
        scores = {"self": [0, 26, 26, 26], "others": [95, 99, 40, 52]}
    picked, why = make_bot("heuristic").choose_moon(view, scores)
    assert picked == choice
    for lang in LANGS:
        check(advice(why).text(lang))
    assert "26" in advice(why).text("de")


def test_a_bits_figure_is_written_as_the_language_writes_it_and_explained():
    widget = FiveSonsWidget(FiveSonsRules(players=3), ["random", "random"], seed=3,
                            practice=True, lang="de")
    widget.controls.click("hint")
    hint = widget.advice.value
    check(hint)
    assert re.search(r"\d,\d\d Bit ", hint) and "Lektion 6" in hint, hint
    english = FiveSonsWidget(FiveSonsRules(players=3), ["random", "random"], seed=3,
                             practice=True)
    english.controls.click("hint")
    assert re.search(r"\d\.\d\d bits ", english.advice.value)
    assert "lesson 6" in english.advice.value and "infogain" not in english.advice.value


@pytest.mark.parametrize("lang", LANGS)
def test_a_black_widow_hint_names_the_cards(lang):
    widget = BlackWidowWidget(BlackWidowRules(), ("random",) * 3, seed=2, lang=lang)
    widget.setup.mode.value = "practice"
    widget.start_bar.click("deal")
    widget.actions.click("hint")
    said = widget.status
    assert said.startswith({"en": "Hint: pass the ", "de": "Tipp: gib "}[lang]), said
    check(said)
