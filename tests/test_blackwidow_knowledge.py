"""Card counting equals brute force; the sampler is uniform; playouts follow the rules."""

import itertools
import random
from collections import Counter

import pytest

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.rules import BlackWidowRules, is_point
from cardlab.blackwidow.view import seat_view
from cardlab.cards import Suit


def _random_game(rules, seed, plays):
    rng = random.Random(seed)
    game = BlackWidowGame.new(rules, rng.randrange(2**32))
    while game.phase == "pass":
        seat = game.turn
        game.pass_cards(seat, rng.sample(game.hand.deal[seat], 3))
    for _ in range(plays):
        game.play(rng.choice(game.legal_cards()))
    return game


def _legal(holding, trick, first_trick, broken, card, opening):
    """The rules of play, written out again independently of the engine."""
    if not trick:
        if opening is not None:
            return card == opening
        return card.suit is not Suit.HEARTS or broken or all(c.suit is Suit.HEARTS
                                                              for c in holding)
    led = trick[0].suit
    if any(c.suit is led for c in holding):
        return card.suit is led
    return not (first_trick and is_point(card)) or all(is_point(c) for c in holding)


def _brute_force(view):
    rules, n = view.rules, view.rules.players
    others = [s for s in range(n) if s != view.me]
    played = {card for _, card in view.plays}
    unseen = [c for c in rules.deck if c not in played and c not in view.hand]
    sizes = {s: view.held_by(s) for s in others}
    opening = min((c for c in rules.deck if c.suit is Suit.CLUBS), key=lambda c: c.rank)
    counts = Counter()
    worlds = 0
    for assignment in _assignments(unseen, others, sizes):
        if view.passed and view.received is not None and any(
                c in assignment and assignment[c] != view.passed_to for c in view.passed):
            continue
        holding = {s: {c for c, seat in assignment.items() if seat == s} for s in others}
        for s, c in view.plays:
            if s in holding:
                holding[s].add(c)
        ok, broken = True, False
        for i, (seat, card) in enumerate(view.plays):
            trick = [c for _, c in view.plays[i - i % n:i]]
            if seat in holding:
                if not _legal(holding[seat], trick, i < n, broken, card,
                              opening if i == 0 else None):
                    ok = False
                    break
                holding[seat].discard(card)
            broken |= card.suit is Suit.HEARTS
        if ok:
            worlds += 1
            counts.update(assignment.items())
    return worlds, counts


def _assignments(cards, seats, sizes):
    if not cards:
        yield {}
        return
    seat = seats[0]
    for chosen in itertools.combinations(cards, sizes[seat]):
        rest = [c for c in cards if c not in chosen]
        for tail in _assignments(rest, seats[1:], sizes):
            yield {**dict.fromkeys(chosen, seat), **tail}


@pytest.mark.parametrize(("players", "plays", "games"),
                         [(4, 40, 12), (4, 42, 12), (3, 41, 12), (5, 40, 8), (6, 39, 6)])
def test_counts_equal_brute_force(players, plays, games):
    rules = BlackWidowRules(players=players)
    for seed in range(games):
        game = _random_game(rules, seed, plays)
        for me in range(players):
            view = seat_view(game, me)
            knowledge = BlackWidowKnowledge.from_view(view)
            worlds, counts = _brute_force(view)
            assert knowledge.worlds == worlds, (seed, me)
            for card, by_seat in knowledge.counts.at.items():
                for seat, n in by_seat.items():
                    assert n == counts[card, seat], (seed, me, card, seat)


def test_voids_and_queen_probabilities_sum_to_one():
    # Seed 4 after 16 plays: seat 0 has not seen the Queen, seats 0 and 1 showed out of
    # clubs, and three clubs are still unseen: they can only be with seats 2 and 3.
    game = _random_game(BlackWidowRules(), 4, 16)
    knowledge = BlackWidowKnowledge.from_view(seat_view(game, 0))
    queen = knowledge.queen()
    assert sorted(queen) == [1, 2, 3] and abs(sum(queen.values()) - 1) < 1e-12
    assert [(void.seat, void.suit.letter) for void in knowledge.voids] == [(0, "C"), (1, "C")]
    clubs = [card for card in knowledge.counts.at if card.suit is Suit.CLUBS]
    assert len(clubs) == 3
    for card in clubs:
        by_seat = knowledge.counts.at[card]
        assert by_seat[1] == 0 and by_seat[2] > 0 and by_seat[3] > 0
        assert by_seat[2] + by_seat[3] == knowledge.worlds


def test_big_counts_stay_exact_beyond_64_bits():
    game = _random_game(BlackWidowRules(players=6), 1, 0)
    knowledge = BlackWidowKnowledge.from_view(seat_view(game, 0))
    assert knowledge.worlds > 2**64
    assert all(sum(by_seat.values()) == knowledge.worlds
               for by_seat in knowledge.counts.at.values())


def test_sampler_draws_consistent_deals_uniformly():
    game = _random_game(BlackWidowRules(), 11, 44)
    knowledge = BlackWidowKnowledge.from_view(seat_view(game, 1))
    draws = 40 * knowledge.worlds
    seen = Counter(tuple(sorted(deal.items())) for deal in
                   knowledge.sample(random.Random(5), draws))
    assert len(seen) == knowledge.worlds
    expected = draws / knowledge.worlds
    chi_square = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi_square < knowledge.worlds + 5 * (2 * knowledge.worlds) ** 0.5
