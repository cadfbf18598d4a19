"""Exact counting: settling, splitting and the dynamic programme agree with listing every deal."""

import itertools
import random

import pytest

from cardlab import deal_counting
from cardlab.cards import parse_cards
from cardlab.deal_counting import SOLUTION, Problem, TooHard, count_deals, plan, settle

FACES = parse_cards("JC QC KC JD")
HEARTS = parse_cards("AH 2H 3H 4H")


def listed(problem: Problem) -> tuple[int, dict, dict]:
    """(deals, per card per place, per solution pair) by trying every placement of every card."""
    places = problem.locations
    at = {card: dict.fromkeys(places, 0) for card in problem.cards}
    pairs: dict = {}
    worlds = 0
    for deal in itertools.product(*(sorted(problem.allowed[c], key=str) for c in problem.cards)):
        where = dict(zip(problem.cards, deal, strict=True))
        held = [loc for loc in deal if loc != SOLUTION]
        if any(held.count(seat) != size for seat, size in problem.capacity.items()):
            continue
        hidden = [card for card, loc in where.items() if loc == SOLUTION]
        if problem.has_solution and not (
                len(hidden) == 2 and {len(problem.first_kind & set(hidden)),
                                      len(problem.second_kind & set(hidden))} == {1}):
            continue
        if not all(where[a] == seat or where[b] == seat for seat, a, b in problem.clauses):
            continue
        worlds += 1
        for card, loc in where.items():
            at[card][loc] += 1
        if hidden:
            face, heart = sorted(hidden, key=lambda c: c not in problem.first_kind)
            pairs[face, heart] = pairs.get((face, heart), 0) + 1
    return worlds, at, pairs


def random_problem(rng: random.Random) -> Problem:
    """A small Five Sons-shaped problem: random places, sizes and 'at least one of' clauses."""
    faces, hearts = FACES[:rng.randint(2, 4)], HEARTS[:rng.randint(2, 4)]
    cards = (*faces, *hearts)
    seats = list(range(rng.randint(2, 3)))
    sizes = [0] * len(seats)
    for k in range(len(cards) - 2):
        sizes[k % len(seats)] += 1
    places = [*seats, SOLUTION]
    allowed = {card: frozenset(p for p in places if rng.random() < 0.8) or frozenset(places)
               for card in cards}
    clauses = tuple((rng.choice(seats), rng.choice(faces), rng.choice(hearts))
                    for _ in range(rng.randint(0, 6)))
    return Problem(cards, dict(zip(seats, sizes, strict=True)), allowed, clauses,
                   frozenset(faces), frozenset(hearts))


def as_tuple(counts):
    return counts.worlds, counts.at, counts.pairs


@pytest.mark.parametrize("seed", range(300))
def test_counts_equal_listing_every_deal(seed):
    problem = random_problem(random.Random(seed))
    assert as_tuple(count_deals(problem)) == listed(problem)


def listed_with_second(problem: Problem) -> dict:
    """{(card, place): {second-kind card in the solution: deals}} by listing every deal."""
    split: dict = {}
    for deal in itertools.product(*(sorted(problem.allowed[c], key=str) for c in problem.cards)):
        where = dict(zip(problem.cards, deal, strict=True))
        if any(deal.count(seat) != size for seat, size in problem.capacity.items()):
            continue
        hidden = [card for card, loc in where.items() if loc == SOLUTION]
        seconds = [card for card in hidden if card in problem.second_kind]
        if len(hidden) != 2 or len(seconds) != 1 or not set(hidden) & problem.first_kind:
            continue
        if not all(where[a] == seat or where[b] == seat for seat, a, b in problem.clauses):
            continue
        for card, loc in where.items():
            by_second = split.setdefault((card, loc), {})
            by_second[seconds[0]] = by_second.get(seconds[0], 0) + 1
    return split


@pytest.mark.parametrize("seed", range(300))
def test_places_by_the_solutions_second_card_equal_listing_every_deal(seed, monkeypatch):
    problem = random_problem(random.Random(seed))
    expected = listed_with_second(problem)
    counts = count_deals(problem, with_second=problem.cards)
    assert counts.with_second == expected
    assert as_tuple(counts) == as_tuple(count_deals(problem))
    monkeypatch.setattr(deal_counting, "MAX_STATE", 1)
    monkeypatch.setattr(deal_counting, "SPLIT_CELLS", 0)
    assert count_deals(problem, with_second=problem.cards).with_second == expected
    some = set(problem.cards[::2])
    assert count_deals(problem, with_second=some).with_second == {
        (card, place): split for (card, place), split in expected.items() if card in some}


def test_splitting_by_the_solution_needs_a_solution():
    cards = parse_cards("2C 3C")
    with pytest.raises(ValueError, match="solution"):
        count_deals(Problem(cards, {0: 1, 1: 1}, {c: frozenset({0, 1}) for c in cards}),
                    with_second=cards)


@pytest.mark.parametrize("seed", range(300))
def test_splitting_down_to_no_clause_changes_nothing(seed, monkeypatch):
    problem = random_problem(random.Random(seed))
    expected = listed(problem)
    monkeypatch.setattr(deal_counting, "MAX_STATE", 1)
    monkeypatch.setattr(deal_counting, "SPLIT_CELLS", 0)
    cases = plan(problem)
    assert all(not any(case.domains) for case in cases)
    assert as_tuple(count_deals(problem)) == expected


@pytest.mark.parametrize("seed", range(200))
def test_settling_keeps_every_deal(seed):
    problem = random_problem(random.Random(seed))
    settled = settle(problem)
    if settled is None:
        assert listed(problem)[0] == 0
    else:
        assert listed(settled) == listed(problem)
        assert all(len(settled.allowed[a]) > 1 and len(settled.allowed[b]) > 1
                   for _, a, b in settled.clauses)


def test_a_full_seat_and_a_known_hidden_face_settle_the_rest():
    jc, qc, ah, h2 = parse_cards("JC QC AH 2H")
    problem = Problem((jc, qc, ah, h2), {0: 1, 1: 1},
                      {jc: frozenset({0}), qc: frozenset({0, 1, SOLUTION}),
                       ah: frozenset({0, 1, SOLUTION}), h2: frozenset({1, SOLUTION})},
                      clauses=((1, qc, h2),), first_kind=frozenset({jc, qc}),
                      second_kind=frozenset({ah, h2}))
    settled = settle(problem)
    # Seat 0 is full with JC; QC is the only face left for the solution; so seat 1 holds 2H
    # (the clause), and AH is hidden.
    assert settled.allowed == {jc: {0}, qc: {SOLUTION}, ah: {SOLUTION}, h2: {1}}
    assert settled.clauses == ()


def test_too_much_work_is_refused_before_counting(monkeypatch):
    problem = random_problem(random.Random(1))
    monkeypatch.setattr(deal_counting, "MAX_CELLS", 10)

    def never(_self):
        raise AssertionError("counted although refused")

    monkeypatch.setattr(deal_counting._Counter, "run", never)
    with pytest.raises(TooHard) as info:
        count_deals(problem)
    assert info.value.key == "counting.too_much_work"
    assert str(info.value) == ("counting every consistent deal exactly would take more than "
                               "10 array steps; refused before starting")
    assert "\n" not in info.value.text("de")


def test_too_many_cases_are_refused(monkeypatch):
    monkeypatch.setattr(deal_counting, "MAX_STATE", 1)
    monkeypatch.setattr(deal_counting, "SPLIT_CELLS", 0)
    problem = next(p for p in map(random_problem, map(random.Random, range(100)))
                   if len(plan(p)) > 1)
    monkeypatch.setattr(deal_counting, "MAX_CASES", 1)
    with pytest.raises(TooHard, match="more than 1 separate cases"):
        count_deals(problem)
