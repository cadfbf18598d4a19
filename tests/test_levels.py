"""Bot levels: each level's bot plays legal, seeded games; a beginner really loses to an expert;
an app's `level=` reaches the table; an unknown level is refused."""

import json
import math
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import bench_levels
from cardlab.apps import read_settings
from cardlab.blackwidow import match as bw_match
from cardlab.blackwidow.bots import make_bot
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.cards import parse_cards
from cardlab.cli import main
from cardlab.fivesons import match as fs_match
from cardlab.fivesons.actions import Question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import Guess
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.games import Leveled, game
from cardlab.levels import Duel, bot_label
from cardlab.table import Table

SEEDS = st.integers(0, 2**32 - 1)
#: A one-sided exact binomial test at this level: under "both sides are as strong", the
#: expert's share of the wins would be this large less than once in a thousand.
SIGNIFICANCE = 0.001


def at_least(wins: int, decided: int) -> float:
    """P(X >= wins) for X ~ Binomial(decided, 1/2): how often a fair coin does as well."""
    return sum(math.comb(decided, k) for k in range(wins, decided + 1)) / 2**decided


def test_both_games_have_three_levels_weakest_first_each_a_bot_of_the_game():
    for name in ("fivesons", "blackwidow"):
        entry = game(name)
        assert isinstance(entry, Leveled)
        assert list(entry.levels) == ["beginner", "standard", "expert"]
        assert set(entry.levels.values()) <= set(entry.bots)
        assert len(set(entry.levels.values())) == 3


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, players=st.integers(3, 6))
def test_a_five_sons_beginner_plays_legal_seeded_games_and_never_guesses_wrong(seed, players):
    rules = FiveSonsRules(players=players)
    played = fs_match.play_game(rules, ["checklist"] * players, seed=seed)
    assert played.over and played.winner is not None
    # It guesses from what it was shown only, so it is never wrong.
    guesses = [event for event in played.events if isinstance(event, Guess)]
    assert guesses and all((g.face, g.heart) == played.solution for g in guesses)
    # The engine takes the record back move by move (every move legal), and the same seed
    # plays the same game.
    assert FiveSonsGame.from_record(played.to_record()).events == played.events
    assert fs_match.play_game(rules, ["checklist"] * players, seed=seed).events == \
        played.events


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, players=st.integers(3, 6))
def test_a_black_widow_beginner_follows_with_its_lowest_card(seed, players):
    game = BlackWidowGame.new(BlackWidowRules(players=players, pass_cycle=("hold",)), seed)
    bots = [make_bot("lowest", seed + seat) for seat in range(players)]
    while not game.results:
        view = seat_view(game, game.turn)
        legal = view.legal()
        card, why = bots[game.turn].play(view)
        assert card in legal and why.text("de")
        if view.trick and legal[0].suit is view.trick[0][1].suit:
            assert card.rank == min(c.rank for c in legal)
        game.play(card)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=st.integers(3, 6))
def test_a_black_widow_beginner_plays_legal_seeded_hands(seed, players):
    rules = BlackWidowRules(players=players)
    played = bw_match.play_game(rules, ["lowest"] * players, seed=seed, hands=1)
    assert played.results and played.hands[0].passes[0] is not None
    # The engine takes the record back card by card (every card legal), and the same seed
    # plays the same hand.
    assert BlackWidowGame.from_record(played.to_record()).to_record() == played.to_record()
    again = bw_match.play_game(rules, ["lowest"] * players, seed=seed, hands=1)
    assert again.to_record() == played.to_record()


def test_a_five_sons_beginner_loses_to_the_expert():
    """On a deck of 14 cards (cheaper for the expert's counting than the full 22; the bench
    measures the full deck), two beginners against two experts."""
    rules = FiveSonsRules(faces=parse_cards("JC QC KC JD QD KD JS QS"),
                          hearts=parse_cards("AH 2H 3H 4H 5H 6H"))
    duel = fs_match.duel(rules, "checklist", "infogain", 24, seed=21)
    beginner, expert = duel.wins
    assert at_least(expert, beginner + expert) < SIGNIFICANCE, duel


def test_a_black_widow_beginner_loses_to_the_expert():
    """48 hands: two against two, a hand's winner is much a matter of where the Queen
    falls, and 16 hands left the verdict to a few lucky deals."""
    duel = bw_match.duel(BlackWidowRules(), "lowest", "montecarlo", 48, seed=21)
    beginner, expert = duel.wins
    assert at_least(expert, beginner + expert) < SIGNIFICANCE, duel
    assert duel.points[0] > duel.points[1] + 2, duel      # points per seat and hand


def test_the_binomial_tail_is_exact():
    assert at_least(0, 5) == 1.0 and at_least(5, 5) == 1 / 32
    assert at_least(11, 12) == 13 / 4096


@pytest.mark.parametrize(("query", "bots"), [
    ("", ("checklist", "checklist")),
    ("level=standard", ("logician", "logician")),
    ("level=expert", ("infogain", "infogain"))])
def test_the_level_in_the_address_reaches_the_five_sons_table(query, bots):
    widget = FiveSonsWidget.from_settings(read_settings("fivesons", f"players=3&{query}"))
    assert tuple(seat.name for seat in widget.table.seats[1:]) == bots
    assert widget.level.value == (query.partition("=")[2] or "beginner")
    level = widget.level.value.capitalize()        # each bot is named by its level
    assert f"Seat 1 ({level})" in widget.seats.value


def test_the_level_in_the_address_reaches_the_black_widow_table():
    widget = BlackWidowWidget.from_settings(read_settings("blackwidow", "level=standard&seed=2"))
    assert widget.setup.level.value == "standard"
    widget.deal()
    assert [seat.name for seat in widget.table.seats[1:]] == ["heuristic"] * 3
    beginner = BlackWidowWidget.from_settings(read_settings("blackwidow", "seed=2"))
    beginner.deal()
    assert [seat.name for seat in beginner.table.seats[1:]] == ["lowest"] * 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_unknown_level_is_explained_on_the_page_and_the_beginner_plays(lang):
    widget = FiveSonsWidget.from_settings(read_settings("fivesons", f"level=pro&lang={lang}"))
    assert "pro" in widget.problems.value
    assert ("is not a level" if lang == "en" else "keine Stufe") in widget.problems.value
    assert [seat.name for seat in widget.table.seats[1:]] == ["checklist"] * 3
    bw = BlackWidowWidget.from_settings(read_settings("blackwidow", f"level=pro&lang={lang}"))
    assert "pro" in bw.problems.value and bw.setup.level.value == "beginner"


def test_the_five_sons_level_is_chosen_before_the_first_move_and_then_stays():
    widget = FiveSonsWidget(FiveSonsRules(players=3), seed=4)
    assert widget.level.options[0][0] == "Beginner"
    assert "asks about cards it has not ticked off" in widget.level.note.value
    widget.level.value = "standard"                         # the chooser, as the page sets it
    assert [seat.name for seat in widget.table.seats[1:]] == ["logician", "logician"]
    assert "(Standard)" in widget.seats.value and "Standard:" in widget.note.status
    face, heart = widget.game.rules.faces[0], widget.game.rules.hearts[0]
    widget.source.act(Question(0, face, heart))
    widget.refresh()
    assert widget.level.disabled
    widget.choose_level("expert")
    assert [seat.name for seat in widget.table.seats[1:]] == ["logician", "logician"]
    assert widget.level.value == "standard" and "stays the same" in widget.note.status


def test_a_five_sons_line_up_set_seat_by_seat_can_be_chosen_again():
    widget = FiveSonsWidget(FiveSonsRules(players=3), ["random", "logician"], seed=4)
    assert widget.level.value == "" and "Random, Standard" in widget.level.note.value
    widget.choose_level("expert")
    widget.choose_level("")
    assert [seat.name for seat in widget.table.seats[1:]] == ["random", "logician"]


def test_the_black_widow_level_sets_every_seat_of_the_setup():
    widget = BlackWidowWidget(BlackWidowRules(), seed=1)
    assert widget.setup.level.value == "beginner"
    widget.setup.level.value = "expert"
    widget.setup.players.value = 5                         # a new seat gets the same bot
    widget.deal()
    assert [seat.name for seat in widget.table.seats[1:]] == ["montecarlo"] * 4


def test_a_classroom_seat_has_no_level_chooser():
    from cardlab.table import Person
    from cardlab.widgets.classroom_source import LocalSource
    source = LocalSource(Table(FiveSonsGame.deal(FiveSonsRules(players=3), 1), [Person()] * 3))
    assert FiveSonsWidget.at_table(source, 1, ["A", "B", "C"]).level is None


class Stub:
    """A leveled game whose duels are decided by the levels' order alone, and last 3 rounds."""

    name = "fivesons"
    levels = MappingProxyType({"beginner": "a", "standard": "b", "expert": "c"})

    def title(self, lang):
        return "Stub"

    def read_rules(self, options):
        return FiveSonsRules()

    def duel(self, rules, first, second, rounds, seed):
        wins = (0, rounds) if first < second else (0, 0)
        return Duel("games", rounds, wins, rounds - sum(wins), length=3.0)


def test_the_bench_measures_every_pair_of_levels_and_says_so_in_both_languages(monkeypatch):
    monkeypatch.setattr(bench_levels, "game", lambda name: Stub())
    figures = bench_levels.measure(rounds=2, names=["stub"], quiet=True)
    data = figures["games"]["fivesons"]
    assert [(d["first"], d["second"], d["wins"]) for d in data["duels"]] == [
        ("beginner", "standard", [0, 2]), ("beginner", "expert", [0, 2]),
        ("standard", "expert", [0, 2])]
    assert data["win_rate"] == {"beginner": 0.0, "standard": 0.5, "expert": 1.0}
    assert data["rounds_to_win"] == {"beginner": 3.0, "standard": 3.0, "expert": 3.0}
    english = bench_levels.text(figures).splitlines()
    assert english[0] == "Stub, 4 players, 2 games per pair of levels:"
    assert english[1] == "  Beginner against Standard: 0 to 2, drawn 0"
    assert english[4] == "  Won against the other levels: Beginner 0 %, Standard 50 %, Expert 100 %"
    german = bench_levels.text(figures, "de")
    assert "Anfänger gegen Experte: 0 zu 2" in german and "nach 3,0 Fragerunden" in german


def test_cardlab_bench_levels_prints_json(monkeypatch, capsys):
    monkeypatch.setattr(bench_levels, "QUICK_ROUNDS", 1)
    assert main(["bench", "levels", "--quick", "--format", "json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["rounds"] == 1 and set(figures["games"]) == {"fivesons", "blackwidow"}
    hands = figures["games"]["blackwidow"]
    assert hands["unit"] == "hands" and "rounds_to_win" not in hands
    assert all(len(duel["points"]) == 2 for duel in hands["duels"])


@pytest.mark.parametrize("name", ["fivesons", "blackwidow"])
def test_each_games_random_bot_has_a_name_in_each_language(name):
    entry = game(name)
    assert [bot_label(entry, "random", lang) for lang in ("en", "de")] == ["Random", "Zufall"]
