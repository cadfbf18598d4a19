"""Exact inference: counts equal brute force, facts are exactly the certainties, with reasons."""

import re
import tracemalloc
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import deal_counting
from cardlab.cards import parse_cards
from cardlab.deal_counting import SOLUTION, count_deals
from cardlab.errors import InconsistentObservations
from cardlab.fivesons.bench import left_neighbour_shows
from cardlab.fivesons.evidence import Evidence
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import AskSeen, FiveSonsLog, GuessSeen
from cardlab.fivesons.rules import FiveSonsRules

from helpers.fivesons import HANDS, QS, brute_force, fixed_game, random_game

SMALL_3 = FiveSonsRules(players=3, faces=parse_cards("JC QC KC JD"),
                        hearts=parse_cards("AH 2H 3H 4H"))
SMALL_4 = FiveSonsRules(players=4, faces=parse_cards("JC QC KC JD"),
                        hearts=parse_cards("AH 2H 3H 4H"))


@pytest.mark.parametrize(("rules", "games"), [(SMALL_3, 150), (SMALL_4, 50)])
def test_counts_equal_brute_force_for_every_perspective_and_prefix(rules, games):
    for seed in range(games):
        game = random_game(rules, seed, questions=8)
        for me in (*range(rules.players), None):
            log = game.observation_log(me)
            expected = brute_force(log)
            for after, (worlds, at, pairs) in enumerate(expected):
                knowledge = FiveSonsKnowledge.from_log(log, after)
                assert knowledge.worlds == worlds, (seed, me, after)
                assert knowledge.counts.at == at, (seed, me, after)
                assert knowledge.counts.pairs == pairs, (seed, me, after)


def _certainties(knowledge):
    return {(card, place, n == knowledge.worlds)
            for card, by_place in knowledge.counts.at.items()
            for place, n in by_place.items() if n in (0, knowledge.worlds)}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_facts_are_exactly_the_certainties_and_each_has_a_reason(players):
    rules = FiveSonsRules(players=players)
    for seed in range(8):
        game = random_game(rules, seed, questions=25)
        for me in (*range(players), None):
            knowledge = FiveSonsKnowledge.from_log(game.observation_log(me))
            assert {(f.card, f.place, f.holds) for f in knowledge.facts} == _certainties(knowledge)
            for fact in knowledge.facts:
                assert fact.reason.text("en").endswith(".")
                assert fact.reason.text("de")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 6), st.integers(0, 10**6), st.integers(0, 30))
def test_the_real_deal_is_always_among_the_consistent_ones(players, seed, questions):
    game = random_game(FiveSonsRules(players=players), seed, questions)
    where = {card: seat for seat, hand in enumerate(game.hands) for card in hand}
    where.update(dict.fromkeys(game.solution, SOLUTION))
    for me in (*range(players), None):
        knowledge = FiveSonsKnowledge.from_log(game.observation_log(me))
        assert knowledge.worlds > 0
        assert knowledge.counts.pairs[game.solution] > 0
        for card, by_place in knowledge.counts.at.items():
            assert by_place[where[card]] > 0
            assert sum(by_place.values()) == knowledge.worlds


def test_reasons_follow_the_named_steps():
    game = fixed_game()
    game.ask(0, QS, parse_cards("2H")[0])   # seat 1 holds 2H and shows it
    game.ask(1, parse_cards("QD")[0], parse_cards("9H")[0], parse_cards("QD")[0])
    knowledge = FiveSonsKnowledge.from_log(game.observation_log(0))
    why = {(f.card.code, str(f.place), f.holds): f.reason.text() for f in knowledge.facts}
    assert why["2H", "1", True] == "Seat 1 showed me 2♥ in event 1."
    assert why["2H", "solution", False] == "2♥ is with seat 1, so it is not in the solution."
    public = FiveSonsKnowledge.from_log(game.observation_log(None))
    assert public.worlds > knowledge.worlds


def test_own_wrong_guess_reveals_the_solution():
    game = fixed_game()
    game.ask(0, QS, parse_cards("2H")[0])
    game.guess(0, parse_cards("KD")[0], parse_cards("7H")[0])
    knowledge = FiveSonsKnowledge.from_log(game.observation_log(0))
    assert knowledge.solution_pairs() == [(QS, parse_cards("3H")[0], knowledge.worlds)]
    assert knowledge.knows_solution(0) is True
    other = FiveSonsKnowledge.from_log(game.observation_log(2))
    assert other.knows_solution(0) is True and other.knows_solution(2) is False
    assert other.knows_solution(1) is None


def test_full_hand_and_last_card_steps():
    rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"), hearts=parse_cards("AH 2H"))
    # 3 dealt cards: seats 0 and 1 get one each... hand sizes (1, 1, 1)
    log = FiveSonsLog(rules, 0, parse_cards("JC"), (
        AskSeen(0, parse_cards("QC")[0], parse_cards("AH")[0], 1, parse_cards("QC")[0]),))
    knowledge = FiveSonsKnowledge.from_log(log)
    reasons = {(f.card.code, str(f.place), f.holds): f.reason.key for f in knowledge.facts}
    assert reasons["AH", "1", False] == "fivesons.reason.full_hand"
    assert knowledge.worlds == 2   # KC with seat 2 or hidden, and the hearts follow
    full = next(f.reason for f in knowledge.facts if f.reason.key == "fivesons.reason.full_hand")
    assert "(1 card)" in full.text() and "(1 Karte)" in full.text("de")
    for fact in knowledge.facts:     # a count of one is never followed by a plural noun
        for lang, plural in (("en", r"\b1 (cards|deals)\b"),
                             ("de", r"\b1 (Karten|Verteilungen)\b")):
            assert not re.search(plural, fact.reason.text(lang)), fact.reason.text(lang)


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ((AskSeen(1, QS, parse_cards("3H")[0], 2, None),
          AskSeen(0, parse_cards("KH")[0], parse_cards("9H")[0], 2, parse_cards("KH")[0])),
         "event 2: seat 2 showed me KH, but KH is in my hand"),
        ((AskSeen(0, QS, parse_cards("3H")[0], 2, QS),
          AskSeen(1, QS, parse_cards("9H")[0], 3, None)),
         "event 2: Seat 2 showed me QS in event 1. "
         "But: Seat 2 passed on QS and 9H in event 2, so it holds neither."),
        ((AskSeen(0, QS, parse_cards("3H")[0], 0, None),), "event 1: seat 0 cannot answer"),
        ((GuessSeen(2, False), AskSeen(2, QS, parse_cards("3H")[0], 3, None)),
         "event 2: seat 2 guessed wrong earlier and can no longer ask"),
    ],
)
def test_self_contradicting_logs_name_the_breaking_event(events, message):
    log = FiveSonsLog(FiveSonsRules(), 0, HANDS[0], events)
    with pytest.raises(InconsistentObservations) as info:
        FiveSonsKnowledge.from_log(log)
    assert str(info.value).startswith(message)


def test_json_has_every_contract_field():
    """The fields of `cardlab infer --format json` in docs/contract.md (Command line)."""
    game = fixed_game()
    game.ask(0, QS, parse_cards("3H")[0])
    data = FiveSonsKnowledge.from_log(game.observation_log(1)).to_json()
    assert data["perspective"] == 1 and data["after"] == 1
    assert set(data["counts"]["QS"]) == {"0", "2", "3", "solution"}
    assert sum(pair["worlds"] for pair in data["solution"]) == data["worlds"]
    assert all(set(fact) == {"card", "at", "holds", "why"} for fact in data["facts"])


def test_certainties_beyond_the_named_steps_get_a_case_analysis_reason():
    game = random_game(FiveSonsRules(players=4), seed=0, questions=20)
    knowledge = FiveSonsKnowledge.from_log(game.observation_log(None))
    reasons = {fact.reason.key: fact.reason.text() for fact in knowledge.facts}
    assert reasons["fivesons.reason.case_holds"].startswith("If ")
    assert "could not have shown a card" in reasons["fivesons.reason.case_holds"]
    assert reasons["fivesons.reason.exhaustive_lacks"].startswith("No possible deal puts ")


TINY_FACES, TINY_HEARTS = parse_cards("JC QC KC JD"), parse_cards("AH 2H 3H 4H")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_left_neighbour_shows_games_equal_brute_force_in_every_view(players):
    rules = FiveSonsRules(players=players, faces=TINY_FACES, hearts=TINY_HEARTS)
    for seed in range(2):
        game = left_neighbour_shows(rules, 16, seed)
        for me in (None, *range(players)):
            log = game.observation_log(me)
            for after, (worlds, at, pairs) in list(enumerate(brute_force(log)))[::3]:
                knowledge = FiveSonsKnowledge.from_log(log, after)
                assert (knowledge.worlds, knowledge.counts.at, knowledge.counts.pairs) == (
                    worlds, at, pairs), (seed, me, after)


@pytest.mark.parametrize("players", [3, 4])
def test_split_cases_add_up_to_brute_force(players, monkeypatch):
    monkeypatch.setattr(deal_counting, "MAX_STATE", 1)
    monkeypatch.setattr(deal_counting, "SPLIT_CELLS", 0)
    rules = FiveSonsRules(players=players, faces=TINY_FACES, hearts=TINY_HEARTS)
    game = left_neighbour_shows(rules, 12, seed=5)
    for me in (None, 0):
        log = game.observation_log(me)
        for after, (worlds, at, pairs) in enumerate(brute_force(log)):
            knowledge = FiveSonsKnowledge.from_log(log, after)
            assert (knowledge.worlds, knowledge.counts.at, knowledge.counts.pairs) == (
                worlds, at, pairs), (me, after)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_left_neighbour_shows_full_deck_is_exact_and_small(players):
    """The table's view once needed 3 to 9 GB here; now every view counts in bounded memory."""
    game = left_neighbour_shows(FiveSonsRules(players=players), 80, seed=0)
    where = {card: seat for seat, hand in enumerate(game.hands) for card in hand}
    where.update(dict.fromkeys(game.solution, SOLUTION))
    views = [(None, after) for after in (20, 30, 40, 80)] + [(me, 30) for me in range(players)]
    tracemalloc.start()
    try:
        for me, after in views:
            knowledge = FiveSonsKnowledge.from_log(game.observation_log(me), after)
            assert knowledge.counts.pairs[game.solution] > 0
            for card, by_place in knowledge.counts.at.items():
                assert by_place[where[card]] > 0
                assert sum(by_place.values()) == knowledge.worlds
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 400 * 2**20


def test_a_late_contradiction_is_found_by_bisection():
    game = left_neighbour_shows(FiveSonsRules(players=4), 30, seed=3)
    log = game.observation_log(0)
    # Everybody passes on a question about two cards that seat 2 holds.
    face = next(card for card in game.hands[2] if card in log.rules.faces)
    heart = next(card for card in game.hands[2] if card in log.rules.hearts)
    broken = replace(log, events=(*log.events[:25], AskSeen(1, face, heart, None),
                                  *log.events[25:]))
    # The first 25 events happened, so the first prefix no deal fits comes after them.
    first = next(after for after in range(26, len(broken.events) + 1) if not count_deals(
        Evidence.from_log(replace(broken, events=broken.events[:after])).problem()).worlds)
    with pytest.raises(InconsistentObservations) as info:
        FiveSonsKnowledge.from_log(broken)
    assert str(info.value).startswith(f"event {first}: ")
