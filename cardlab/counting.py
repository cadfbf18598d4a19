"""Exact counting of the deals consistent with what one perspective knows.

A *deal* puts every unknown card at one location: a seat (each seat gets
exactly its hand size) or, in Five Sons, the hidden solution (exactly one
face card and one heart). Constraints say where a card may be (`allowed`)
and that a seat holds at least one of two cards (`clauses`).

The count is a dynamic programme over the cards in a chosen order. Its state
is an integer array with one axis per seat but the last (how many cards that
seat got so far; the last seat's share follows from the total), an axis for
the solution's face slot, an axis saying *which* heart is in the solution
(so that solution pairs come out exactly), and one axis per *open* card: a
placed card with a clause partner still to come, recording which of that
card's clause seats it went to (all its clauses share the one axis). Cards
are ordered so that the open state stays small. A backward pass, indexed by
the same open cards, gives for every card and location the exact number of
deals that put it there, and for every face in the solution the count of
each heart beside it.

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

import math
import random
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
        clauses, self.allowed = _simplify(problem)
        self.solution_hearts = sorted(
            (card for card in problem.hearts if SOLUTION in self.allowed[card]),
            key=problem.cards.index,
        )
        # Axis 0: which heart is in the solution (0: none yet). Axis 1: the face slot.
        # Then one axis per seat but the last.
        self.heart_index = {card: k + 1 for k, card in enumerate(self.solution_hearts)}
        self.seat_axis = {seat: 2 + i for i, seat in enumerate(self.seats[:-1])}
        self.base_shape = (len(self.solution_hearts) + 1, 2 if problem.has_solution else 1,
                           *(problem.capacity[seat] + 1 for seat in self.seats[:-1]))
        self.base_ndim = len(self.base_shape)
        # Counts beyond 64 bits (Black Widow with 5 or 6 players) use Python integers.
        self.dtype = np.int64 if _deal_bound(problem) < 2**62 else object
        self.order = _order_cards(problem.cards, clauses)
        position = {card: i for i, card in enumerate(self.order)}
        # For each card: clauses with a later partner (its open variable's seats), and the
        # clauses it closes with an earlier partner, as (seat, earlier card).
        self.var_seats: dict[Hashable, list[Location]] = {card: [] for card in self.order}
        self.closes: dict[Hashable, list[tuple[Location, Hashable]]] = {c: [] for c in self.order}
        last_use = {}
        for seat, a, b in clauses:
            first, second = sorted((a, b), key=position.__getitem__)
            if seat not in self.var_seats[first]:
                self.var_seats[first].append(seat)
            self.closes[second].append((seat, first))
            last_use[first] = max(last_use.get(first, -1), position[second])
        self.layouts = [
            tuple(card for card in self.order[:b] if last_use.get(card, -1) >= b)
            for b in range(len(self.order) + 1)
        ]

    def run(self) -> Counts:
        order = self.order
        forward = np.zeros(self.base_shape, dtype=self.dtype)
        forward[(0,) * self.base_ndim] = 1
        pieces: list[dict[Location, np.ndarray]] = []
        for b, card in enumerate(order):
            step = {loc: self._forward_piece(forward, b, card, loc)
                    for loc in self._locations(card)}
            pieces.append(step)
            forward = sum(step.values()) if step else self._empty(b + 1)
        worlds = int(self._final(forward))

        backward = np.zeros(self.base_shape, dtype=self.dtype)
        backward[(0,) * self.base_ndim] = 1
        at = {card: dict.fromkeys(self._all_locations(), 0) for card in order}
        pairs: dict = {}
        done: dict[tuple, Hashable] = {}
        for b in range(len(order) - 1, -1, -1):
            card = order[b]
            twin = done.get(self._kind(card))
            if twin is not None:
                at[card] = dict(at[twin])
                if card in self.problem.faces:
                    for heart in self.heart_index:
                        if (twin, heart) in pairs:
                            pairs[card, heart] = pairs[twin, heart]
            elif worlds:
                self._marginals(card, pieces[b], self._reverse(backward), worlds, at, pairs)
                if self._kind(card) is not None:
                    done[self._kind(card)] = card
            step = [self._backward_piece(backward, b, card, loc) for loc in self._locations(card)]
            backward = sum(step) if step else self._empty(b)
        return Counts(worlds, at, pairs if worlds else {})

    def forward_arrays(self) -> list[np.ndarray]:
        """The forward counts at every boundary (for sampling; no clauses)."""
        forward = np.zeros(self.base_shape, dtype=self.dtype)
        forward[(0,) * self.base_ndim] = 1
        arrays = [forward]
        for b, card in enumerate(self.order):
            pieces = [self._forward_piece(arrays[-1], b, card, loc)
                      for loc in self._locations(card)]
            arrays.append(sum(pieces) if pieces else self._empty(b + 1))
        return arrays

    def final_index(self) -> tuple:
        """The state in which every seat is full (problems without a solution)."""
        return (0, 0, *(self.problem.capacity[seat] for seat in self.seats[:-1]))

    def draw(self, forwards: list[np.ndarray], state: tuple, rng: random.Random) -> dict:
        """One deal, drawn backwards from `state` in proportion to the prefix counts."""
        deal = {}
        state = list(state)
        for b in range(len(self.order) - 1, -1, -1):
            card = self.order[b]
            options = []
            for loc in self._locations(card):
                before = self._unplace(state, loc)
                if before is not None and forwards[b][tuple(before)]:
                    options.append((loc, before, int(forwards[b][tuple(before)])))
            pick = rng.randrange(sum(weight for _, _, weight in options))
            for loc, before, weight in options:
                if pick < weight:
                    deal[card], state = loc, before
                    break
                pick -= weight
        return deal

    def _unplace(self, state: list[int], loc: Location) -> list[int] | None:
        """The state before `card` went to `loc`, or None if it cannot have."""
        before = list(state)
        if loc in self.seat_axis:
            axis = self.seat_axis[loc]
            if before[axis] == 0:
                return None
            before[axis] -= 1
        return before

    def _marginals(self, card: Hashable, pieces: dict[Location, np.ndarray],
                   reversed_suffix: np.ndarray, worlds: int, at: dict, pairs: dict) -> None:
        """Deals per location of `card`; the last one is what the others leave of the total."""
        locations = list(pieces)
        for loc in locations[:-1]:
            by_heart = self._join(pieces[loc], reversed_suffix)
            at[card][loc] = int(by_heart.sum())
            if loc == SOLUTION and card in self.problem.faces:
                for heart, k in self.heart_index.items():
                    if by_heart[k - 1]:
                        pairs[card, heart] = int(by_heart[k - 1])
        if locations:
            last = locations[-1]
            at[card][last] = worlds - sum(at[card][loc] for loc in locations[:-1])
            if last == SOLUTION and card in self.problem.faces:
                by_heart = self._join(pieces[last], reversed_suffix)
                for heart, k in self.heart_index.items():
                    if by_heart[k - 1]:
                        pairs[card, heart] = int(by_heart[k - 1])

    def _kind(self, card: Hashable) -> tuple | None:
        """Cards of one kind are interchangeable: same places, no clauses, same group.

        Hearts that may be hidden are told apart by the solution axis, so they
        have no kind of their own (their pair counts are filled in afterwards).
        """
        if self.var_seats[card] or self.closes[card] or card in self.heart_index:
            return None
        return (self.allowed[card], card in self.problem.faces, card in self.problem.hearts)

    def _all_locations(self) -> list[Location]:
        return self.seats + ([SOLUTION] if self.problem.has_solution else [])

    def _locations(self, card: Hashable) -> list[Location]:
        allowed = self.allowed[card]
        return [loc for loc in self._all_locations() if loc in allowed
                and (loc != SOLUTION or card in self.problem.faces or card in self.heart_index)]

    def _var_value(self, card: Hashable, loc: Location) -> int:
        """The open variable of `card` at `loc`: 1 + index of that clause seat, else 0."""
        seats = self.var_seats[card]
        return seats.index(loc) + 1 if loc in seats else 0

    def _var_shape(self, layout: tuple) -> tuple[int, ...]:
        return tuple(len(self.var_seats[card]) + 1 for card in layout)

    def _empty(self, boundary: int) -> np.ndarray:
        shape = self.base_shape + self._var_shape(self.layouts[boundary])
        return np.zeros(shape, dtype=self.dtype)

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

    def _satisfied(self, card: Hashable, loc: Location, earlier: Hashable) -> np.ndarray:
        """For each value of `earlier`'s variable: are all clauses joining it to `card` met?"""
        ok = np.ones(len(self.var_seats[earlier]) + 1, dtype=np.int64)
        for seat, other in self.closes[card]:
            if other == earlier and loc != seat:
                keep = np.zeros_like(ok)
                keep[self._var_value(earlier, seat)] = 1
                ok *= keep
        return ok

    def _weigh(self, piece: np.ndarray, axis: int, weights: np.ndarray) -> np.ndarray:
        shape = [1] * piece.ndim
        shape[axis] = len(weights)
        return piece * weights.reshape(shape)

    def _forward_piece(self, array: np.ndarray, b: int, card: Hashable,
                       loc: Location) -> np.ndarray:
        """Deals of order[:b+1] with `card` at `loc`, by the open cards' variables."""
        piece = self._place(array, card, loc)
        before, after = self.layouts[b], self.layouts[b + 1]
        closing = [c for c in before if c not in after]
        for earlier in reversed(before):  # last axes first, so earlier axis numbers hold
            partners = [other for _, other in self.closes[card]]
            if earlier not in partners and earlier not in closing:
                continue
            axis = self.base_ndim + before.index(earlier)
            weights = self._satisfied(card, loc, earlier) if earlier in partners else None
            if earlier in closing and (weights is None or weights.all()):
                piece = piece.sum(axis=axis)
            elif earlier in closing:  # at most one value of the variable meets every clause
                piece = piece.take(int(weights.argmax()), axis=axis) * int(weights.any())
            elif not weights.all():
                piece = self._weigh(piece, axis, weights)
        if card in after:
            opened = np.zeros((*piece.shape, len(self.var_seats[card]) + 1), dtype=self.dtype)
            opened[..., self._var_value(card, loc)] = piece
            piece = opened
        return piece

    def _backward_piece(self, array: np.ndarray, b: int, card: Hashable,
                        loc: Location) -> np.ndarray:
        """Deals of order[b:] with `card` at `loc`, given the open cards' variables."""
        piece = self._place(array, card, loc)
        before, after = self.layouts[b + 1], self.layouts[b]
        current = list(before)
        if card in before:
            piece = piece.take(self._var_value(card, loc), axis=self.base_ndim + before.index(card))
            current.remove(card)
        for earlier in dict.fromkeys(other for _, other in self.closes[card]):
            if earlier not in current:
                piece = np.expand_dims(piece, -1)
                current.append(earlier)
            weights = self._satisfied(card, loc, earlier)
            axis = self.base_ndim + current.index(earlier)
            if not weights.all():
                piece = self._weigh(piece, axis, weights)
            elif piece.shape[axis] == 1:
                piece = np.repeat(piece, len(weights), axis=axis)
        if current != list(after):
            axes = [self.base_ndim + current.index(c) for c in after]
            piece = piece.transpose(*range(self.base_ndim), *axes)
        return np.ascontiguousarray(piece)

    def _reverse(self, array: np.ndarray) -> np.ndarray:
        """Index a suffix by what the prefix must have used: flip the usage axes."""
        flips = (slice(None),) + (slice(None, None, -1),) * (self.base_ndim - 1)
        return np.ascontiguousarray(array[flips])

    def _join(self, prefix: np.ndarray, reversed_suffix: np.ndarray) -> np.ndarray:
        """Deals joining prefix and suffix, by which heart is in the solution."""
        if not self.problem.has_solution:
            return np.array([np.dot(prefix[0].ravel(), reversed_suffix[0].ravel())])
        if not self.solution_hearts:
            return np.zeros(1, dtype=self.dtype)
        hearts = len(self.solution_hearts)
        prefix_flat = prefix.reshape(hearts + 1, -1)
        suffix_flat = reversed_suffix.reshape(hearts + 1, -1)
        return prefix_flat[1:] @ suffix_flat[0] + suffix_flat[1:] @ prefix_flat[0]

    def _final(self, array: np.ndarray) -> int:
        full = tuple(self.problem.capacity[seat] for seat in self.seats[:-1])
        if not self.problem.has_solution:
            return array[(0, 0, *full)]
        return array[(slice(1, None), 1, *full)].sum()


def _deal_bound(problem: Problem) -> int:
    """More deals than any problem of this shape can have: all cards spread freely."""
    bound = math.factorial(len(problem.cards))
    for capacity in problem.capacity.values():
        bound //= math.factorial(capacity)
    return bound


def sample_deals(problem: Problem, rng: random.Random, count: int) -> list[dict]:
    """`count` deals drawn uniformly from all consistent deals, each as {card: location}.

    Draws backwards through the forward counts: each card's location is chosen
    in proportion to the number of ways to deal the cards before it. For
    problems without a solution or clauses (Black Widow's).

    >>> from cardlab.cards import parse_cards
    >>> cards = parse_cards("2C 3C 4C")
    >>> problem = Problem(cards, {0: 2, 1: 1}, {c: frozenset({0, 1}) for c in cards})
    >>> sorted(sample_deals(problem, random.Random(1), 1)[0].values())
    [0, 0, 1]
    """
    counter = _Counter(problem)
    if problem.has_solution or any(counter.var_seats.values()):
        raise ValueError("sampling needs a problem without a solution or clauses")
    forwards = counter.forward_arrays()
    final = counter.final_index()
    if not forwards[-1][final]:
        return []
    return [counter.draw(forwards, final, rng) for _ in range(count)]


def _simplify(problem: Problem) -> tuple[list[Clause], dict]:
    """Clauses that still constrain, and allowed places narrowed by the ones that don't.

    A clause is dropped once one card can only be at its seat; when one card
    cannot be at the seat, the other card must be there.
    """
    allowed = {card: set(places) for card, places in problem.allowed.items()}
    clauses = list(dict.fromkeys(problem.clauses))
    changed = True
    while changed:
        changed = False
        for clause in list(clauses):
            seat, a, b = clause
            if allowed[a] == {seat} or allowed[b] == {seat}:
                clauses.remove(clause)
            elif seat not in allowed[a] or seat not in allowed[b]:
                other = b if seat not in allowed[a] else a
                allowed[other] &= {seat}
                clauses.remove(clause)
                changed = True
    return clauses, {card: frozenset(places) for card, places in allowed.items()}


def _order_cards(cards: Iterable[Hashable], clauses: list[Clause]) -> list[Hashable]:
    """Cards in no clause first; then greedily the card that keeps the open state smallest."""
    cards = list(cards)
    partners: dict[Hashable, list[tuple[Location, Hashable]]] = {card: [] for card in cards}
    for seat, a, b in clauses:
        partners[a].append((seat, b))
        partners[b].append((seat, a))
    order = [card for card in cards if not partners[card]]
    remaining = [card for card in cards if partners[card]]
    placed: set[Hashable] = set()
    while remaining:
        card = min(remaining, key=lambda card: _open_size_after(card, placed, partners))
        remaining.remove(card)
        placed.add(card)
        order.append(card)
    return order


def _open_size_after(card: Hashable, placed: set[Hashable],
                     partners: dict[Hashable, list[tuple[Location, Hashable]]]) -> float:
    """Log-size of the open state if `card` were placed next (smaller is better)."""
    now = placed | {card}
    size = 0.0
    for other in now:
        seats = {seat for seat, partner in partners[other] if partner not in now}
        if seats:
            size += math.log(len(seats) + 1)
    return size
