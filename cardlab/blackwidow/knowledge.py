"""Card counting, exactly: where the unseen cards can be, from one seat's view.

What a seat knows: its own cards, the cards it passed (the receiver holds
them until they are played), every card played and by whom, and what the
rules reveal: a seat that did not follow suit has none of that suit left; a
seat that threw a point card on the first trick held nothing but point
cards; a seat that led a heart before hearts were broken held only hearts.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> knowledge = BlackWidowKnowledge.from_view(seat_view(game, 0))
>>> from math import comb
>>> knowledge.worlds == comb(39, 13) * comb(26, 13)
True
>>> sorted(knowledge.queen().values()) in ([], [1 / 3] * 3)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from cardlab.blackwidow import kernel
from cardlab.blackwidow.rules import is_point
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import QUEEN_OF_SPADES, Card, Suit
from cardlab.deal_counting import Counts, DealSampler, Problem, count_deals


@dataclass(frozen=True)
class Void:
    """`seat` has no cards of `suit` left since play number `play` (1-based)."""

    seat: int
    suit: Suit
    play: int


@dataclass(frozen=True)
class BlackWidowKnowledge:
    """Exact counts of the deals of the unseen cards consistent with one seat's view."""

    view: BlackWidowView
    problem: Problem
    counts: Counts
    voids: tuple[Void, ...]

    @classmethod
    def from_view(cls, view: BlackWidowView) -> BlackWidowKnowledge:
        """Count every way the unseen cards can lie, given what `view` shows."""
        problem, voids = _problem(view)
        return cls(view, problem, count_deals(problem), voids)

    @property
    def worlds(self) -> int:
        """How many ways the unseen cards can be spread over the other hands."""
        return self.counts.worlds

    @property
    def seats(self) -> tuple[int, ...]:
        """The other seats, in order."""
        return tuple(self.problem.capacity)

    def probability(self, card: Card, seat: int) -> float:
        """Exact chance that `seat` holds `card` (1.0 for my own passes still out)."""
        if card not in self.counts.at:
            return 0.0
        return self.counts.probability(card, seat)

    def queen(self) -> dict[int, float]:
        """Where is the Queen of Spades? Chance per other seat (empty if seen or mine)."""
        if QUEEN_OF_SPADES not in self.counts.at:
            return {}
        return {seat: self.probability(QUEEN_OF_SPADES, seat) for seat in self.seats}

    def out_per_suit(self) -> dict[Suit, int]:
        """How many cards of each suit are still in the other hands."""
        return {suit: sum(1 for card in self.problem.cards if card.suit is suit) for suit in Suit}

    def sample(self, rng: random.Random, count: int) -> list[dict[Card, int]]:
        """Deals of the unseen cards drawn uniformly from all consistent ones."""
        # Without a solution every place is a seat.
        return cast(list[dict[Card, int]], self._sampler.sample(rng, count))

    def sample_hands(self, rng: random.Random, count: int) -> list[list[int]]:
        """The same deals as `sample` (from the same random numbers), each as the mask of
        the unseen cards every seat gets (none for `view.me`)."""
        bits = [1 << card.index for card in self._sampler.order]
        hands = []
        for places in self._sampler.sample_places(rng, count):
            hand = [0] * self.view.rules.players
            for bit, seat in zip(bits, places, strict=True):
                hand[cast(int, seat)] |= bit
            hands.append(hand)
        return hands

    @cached_property
    def _sampler(self) -> DealSampler:
        """The sampler of these deals, made at the first draw and kept for the next."""
        return DealSampler(self.problem)

    def to_json(self) -> dict[str, Any]:
        """Counts per card and seat, voids, and cards out per suit."""
        return {
            "perspective": self.view.me, "worlds": self.worlds,
            "counts": {card.code: {str(seat): n for seat, n in by_seat.items()}
                       for card, by_seat in sorted(self.counts.at.items())},
            "voids": [{"seat": v.seat, "suit": v.suit.letter, "play": v.play}
                      for v in self.voids],
            "out": {suit.letter: n for suit, n in self.out_per_suit().items()},
        }


def _problem(view: BlackWidowView) -> tuple[Problem, tuple[Void, ...]]:
    rules, n = view.rules, view.rules.players
    others = [seat for seat in range(n) if seat != view.me]
    played = kernel.mask(card for _, card in view.plays)
    unseen = [card for card in rules.deck
              if not (played | view.hand_mask) & (1 << card.index)]
    allowed = {card: set(others) for card in unseen}
    if view.passed is not None and view.received is not None:
        for card in view.passed:
            if card in allowed:
                allowed[card] = {view.passed_to}
    voids: list[Void] = []
    broken = False
    for number, (seat, card) in enumerate(view.plays, start=1):
        lacking: list[Card] = []
        position = (number - 1) % n
        led = view.plays[number - 1 - position][1]
        if position and card.suit is not led.suit:
            if not any((v.seat, v.suit) == (seat, led.suit) for v in voids):
                voids.append(Void(seat, led.suit, number))
            lacking = [c for c in unseen if c.suit is led.suit]
            if number <= n and is_point(card) and not rules.first_trick_points:
                lacking += [c for c in unseen if not is_point(c)]
        elif not position and card.suit is Suit.HEARTS and not broken:
            lacking = [c for c in unseen if c.suit is not Suit.HEARTS]
        broken |= card.suit is Suit.HEARTS or (rules.queen_breaks_hearts and is_point(card))
        for c in lacking:
            allowed[c].discard(seat)
    capacity = {seat: view.held_by(seat) for seat in others}
    problem = Problem(tuple(unseen), capacity, {c: frozenset(s) for c, s in allowed.items()})
    return problem, tuple(voids)
