"""Exact counting of the deals consistent with what one perspective knows.

A *deal* puts every unknown card at one location: a seat (each seat gets
exactly its hand size) or, in Five Sons, the hidden solution (exactly one
face card and one heart). Constraints say where a card may be (`allowed`)
and that a seat holds at least one of two cards (`clauses`).

The count is a dynamic programme over the cards in a chosen order. Its state
is an integer array with one axis per seat but the last (how many cards that
seat got so far; the last seat's share follows from the total), an axis for
the solution's face slot, an axis saying *which* heart is in the solution
(so that solution pairs come out exactly), and one bit axis per clause whose
first card is placed but not yet its second. Cards are ordered so that few
clauses are open at once. A backward pass gives, for every card and
location, the exact number of deals that put it there, and for every face in
the solution, the count of each heart beside it.

>>> from cardlab.cards import parse_cards
>>> qs, kd, ah, th = parse_cards("QS KD AH TH")
>>> problem = Problem(cards=(qs, kd, ah, th), capacity={1: 1, 2: 1},
...                   allowed={card: frozenset({1, 2, SOLUTION}) for card in (qs, kd, ah, th)},
...                   faces=frozenset({qs, kd}), hearts=frozenset({ah, th}))
>>> counts = count_deals(problem)
>>> counts.worlds, counts.at[qs][SOLUTION], counts.pairs[qs, ah]
(8, 4, 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

import numpy as np

SOLUTION = "solution"

Location = Hashable
Clause = tuple[Location, Hashable, Hashable]


@dataclass(frozen=True)
class Problem:
    """Where each card may go, how many cards each seat takes, and 'at least one of' clauses.

    `faces` and `hearts` are the cards that may fill the solution's two slots;
    a problem without a solution (Black Widow) leaves them empty and never
    allows `SOLUTION`.
    """

    cards: tuple
    capacity: dict
    allowed: dict
    clauses: tuple[Clause, ...] = ()
    faces: frozenset = field(default_factory=frozenset)
    hearts: frozenset = field(default_factory=frozenset)

    @property
    def has_solution(self) -> bool:
        """True for Five Sons problems, where two cards are hidden in the middle."""
        return bool(self.faces or self.hearts)


@dataclass
class Counts:
    """Exact counts: `worlds` deals in all, `at[card][location]` of them put the card there."""

    worlds: int
    at: dict
    pairs: dict

    def probability(self, card: Hashable, location: Location) -> float:
        """The share of consistent deals that put `card` at `location`."""
        return self.at[card][location] / self.worlds if self.worlds else 0.0


def count_deals(problem: Problem) -> Counts:
    """Count every consistent deal, per card and location, and per solution pair."""
    return _Counter(problem).run()


class _Counter:
    """One forward and one backward pass over the cards; see the module docstring."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.seats = list(problem.capacity)
        self.solution_hearts = sorted(
            (card for card in problem.hearts if SOLUTION in problem.allowed[card]),
            key=problem.cards.index,
        )
        # Axis 0: which heart is in the solution (0: none yet). Axis 1: the face slot.
        # Then one axis per seat but the last.
        self.heart_index = {card: k + 1 for k, card in enumerate(self.solution_hearts)}
        self.seat_axis = {seat: 2 + i for i, seat in enumerate(self.seats[:-1])}
        self.base_shape = (len(self.solution_hearts) + 1, 2 if problem.has_solution else 1,
                           *(problem.capacity[seat] + 1 for seat in self.seats[:-1]))
        self.base_ndim = len(self.base_shape)
        self.clauses = list(dict.fromkeys(problem.clauses))
        self.order = _order_cards(problem.cards, self.clauses)
        position = {card: i for i, card in enumerate(self.order)}
        # Open clauses at each boundary b (between order[:b] and order[b:]), sorted by id.
        spans = [sorted((position[a], position[b])) for _, a, b in self.clauses]
        self.layouts = [
            tuple(c for c, (first, second) in enumerate(spans) if first < b <= second)
            for b in range(len(self.order) + 1)
        ]

    def run(self) -> Counts:
        order = self.order
        forward = np.zeros(self.base_shape, dtype=np.int64)
        forward[(0,) * self.base_ndim] = 1
        pieces: list[dict[Location, np.ndarray]] = []
        for b, card in enumerate(order):
            step = {loc: self._forward_piece(forward, b, card, loc)
                    for loc in self._locations(card)}
            pieces.append(step)
            forward = sum(step.values()) if step else self._empty(b + 1)
        worlds = int(self._final(forward))

        backward = np.zeros(self.base_shape, dtype=np.int64)
        backward[(0,) * self.base_ndim] = 1
        at = {card: dict.fromkeys(self._all_locations(), 0) for card in order}
        pairs: dict = {}
        for b in range(len(order) - 1, -1, -1):
            card = order[b]
            reversed_suffix = self._reverse(backward)
            for loc, piece in pieces[b].items():
                by_heart = self._join(piece, reversed_suffix)
                at[card][loc] = int(by_heart.sum())
                if loc == SOLUTION and card in self.problem.faces:
                    for heart, k in self.heart_index.items():
                        if by_heart[k - 1]:
                            pairs[card, heart] = int(by_heart[k - 1])
            step = [self._backward_piece(backward, b, card, loc) for loc in self._locations(card)]
            backward = sum(step) if step else self._empty(b)
        return Counts(worlds, at, pairs if worlds else {})

    def _all_locations(self) -> list[Location]:
        return self.seats + ([SOLUTION] if self.problem.has_solution else [])

    def _locations(self, card: Hashable) -> list[Location]:
        allowed = self.problem.allowed[card]
        return [loc for loc in self._all_locations() if loc in allowed
                and (loc != SOLUTION or card in self.problem.faces or card in self.heart_index)]

    def _empty(self, boundary: int) -> np.ndarray:
        return np.zeros(self.base_shape + (2,) * len(self.layouts[boundary]), dtype=np.int64)

    def _place(self, array: np.ndarray, card: Hashable, loc: Location) -> np.ndarray:
        """Put `card` at `loc`: shift the usage along that location's axis."""
        out = np.zeros_like(array)
        if loc == SOLUTION and card in self.heart_index:
            out[self.heart_index[card]] = array[0]
        elif loc == SOLUTION:
            out[:, 1] = array[:, 0]
        elif loc in self.seat_axis:
            axis = self.seat_axis[loc]
            target = [slice(None)] * array.ndim
            source = [slice(None)] * array.ndim
            target[axis], source[axis] = slice(1, None), slice(None, -1)
            out[tuple(target)] = array[tuple(source)]
        else:  # the last seat: its usage is implied by the card count
            return array
        return out

    def _forward_piece(self, array: np.ndarray, b: int, card: Hashable,
                       loc: Location) -> np.ndarray:
        """Deals of order[:b+1] with `card` at `loc`; bit 1 means 'already satisfied'."""
        piece = self._place(array, card, loc)
        before, after = self.layouts[b], self.layouts[b + 1]
        for c in sorted((c for c in before if c not in after), reverse=True):
            axis = self.base_ndim + before.index(c)
            seat = self.clauses[c][0]
            piece = piece.sum(axis=axis) if loc == seat else piece.take(1, axis=axis)
        return self._open(piece, [c for c in after if c not in before], loc,
                          kept=[c for c in before if c in after], layout=after,
                          satisfied_value=1)

    def _backward_piece(self, array: np.ndarray, b: int, card: Hashable,
                        loc: Location) -> np.ndarray:
        """Deals of order[b:] with `card` at `loc`; bit 1 means 'still to be satisfied here'."""
        piece = self._place(array, card, loc)
        before, after = self.layouts[b + 1], self.layouts[b]
        for c in sorted((c for c in before if c not in after), reverse=True):
            axis = self.base_ndim + before.index(c)
            seat = self.clauses[c][0]
            piece = piece.take(0 if loc == seat else 1, axis=axis)
        return self._open(piece, [c for c in after if c not in before], loc,
                          kept=[c for c in before if c in after], layout=after,
                          satisfied_value=0)

    def _open(self, piece: np.ndarray, opening: list[int], loc: Location, kept: list[int],
              layout: tuple[int, ...], satisfied_value: int) -> np.ndarray:
        """Add a bit axis for each clause that opens here, then sort bit axes by clause id."""
        for c in opening:
            seat = self.clauses[c][0]
            expanded = np.expand_dims(piece, -1)
            if satisfied_value == 1:  # forward: the bit records whether this card satisfied it
                zeros = np.zeros_like(expanded)
                parts = (zeros, expanded) if loc == seat else (expanded, zeros)
            else:  # backward: satisfied here, so either requirement is met
                parts = (expanded, expanded) if loc == seat else (expanded, np.zeros_like(expanded))
            piece = np.concatenate(parts, axis=-1)
        current = kept + opening
        if current != list(layout):
            bits = [self.base_ndim + current.index(c) for c in layout]
            piece = piece.transpose(*range(self.base_ndim), *bits)
        return piece

    def _reverse(self, array: np.ndarray) -> np.ndarray:
        """Index a suffix by what the prefix must have used: flip every axis but the heart's."""
        return array[(slice(None),) + (slice(None, None, -1),) * (array.ndim - 1)]

    def _join(self, prefix: np.ndarray, reversed_suffix: np.ndarray) -> np.ndarray:
        """Deals joining prefix and suffix, by which heart is in the solution."""
        if not self.problem.has_solution:
            return np.array([(prefix[0] * reversed_suffix[0]).sum()])
        if not self.solution_hearts:
            return np.zeros(1, dtype=np.int64)
        first = (prefix[1:] * reversed_suffix[:1]).reshape(len(self.solution_hearts), -1)
        second = (prefix[:1] * reversed_suffix[1:]).reshape(len(self.solution_hearts), -1)
        return first.sum(axis=1) + second.sum(axis=1)

    def _final(self, array: np.ndarray) -> int:
        full = tuple(self.problem.capacity[seat] for seat in self.seats[:-1])
        if not self.problem.has_solution:
            return array[(0, 0, *full)]
        return array[(slice(1, None), 1, *full)].sum()


def _order_cards(cards: Iterable[Hashable], clauses: list[Clause]) -> list[Hashable]:
    """Cards in clauses last, greedily chosen so that few clauses are open at once."""
    cards = list(cards)
    touching: dict[Hashable, list[int]] = {card: [] for card in cards}
    for c, (_, a, b) in enumerate(clauses):
        touching[a].append(c)
        touching[b].append(c)
    order = [card for card in cards if not touching[card]]
    remaining = [card for card in cards if touching[card]]
    open_clauses: set[int] = set()
    while remaining:
        card = min(remaining, key=lambda card: _opening_cost(touching[card], open_clauses))
        remaining.remove(card)
        order.append(card)
        open_clauses.symmetric_difference_update(touching[card])
    return order


def _opening_cost(clauses: list[int], open_clauses: set[int]) -> tuple[int, int]:
    """How many clauses placing a card would open, net of those it closes; closing first."""
    closes = sum(1 for c in clauses if c in open_clauses)
    return (len(clauses) - 2 * closes, -closes)
