"""Exact counting of the deals consistent with what one perspective knows.

A *deal* puts every unknown card at one location: a seat (each seat gets
exactly its hand size) or, where a game hides cards in the middle, the
solution (exactly one card of a first kind and one of a second kind).
Constraints say where a card may be (`allowed`) and that a seat holds at
least one of two cards (`clauses`).

Counting goes in three steps:

1. *Settle*: certainties first. A clause with one card ruled out from its
   seat puts the other card there; a full seat takes no other card; a seat
   with exactly as many candidates as places takes them all; a known hidden
   card of one kind rules out every other of its kind. A contradiction means
   no deal.
2. *Split*: where the dynamic programme below would need too large an
   array, or much work that splitting saves, take the card with the most
   clauses in its widest step and count each of its places separately
   (each clause seat of that card, and "any other place"); settling each
   case usually fixes many more cards. The cases partition the deals, so
   their counts add up. A problem that would
   still need too many cases or too much work is refused up front, before
   any array is allocated (`TooHard`).
3. *Count* each case by a dynamic programme over the cards in an order
   chosen greedily on the clause graph (the card that keeps the open state
   smallest next). Its state is an integer array with one axis per seat but
   the largest (how many cards that seat got so far; the largest seat's
   share follows from the total), an axis for the solution's first slot, an
   axis saying *which* second-kind card is in the solution, among those the
   pass has met so far (so that solution pairs come out exactly), and one axis
   per *open* card: a placed card with a clause
   partner still to come. That axis records only what the open clauses ask:
   which of their seats the card is at, or none of them; as a card's
   clauses close, its axis shrinks. A backward pass over the same states
   gives, for every card and location, the exact number of deals that put
   it there, and for every first-kind card in the solution the count of each
   second-kind card beside it. Counts that could pass 2^62 are kept as Python
   integers.

>>> from cardlab.cards import parse_cards
>>> qs, kd, ah, th = parse_cards("QS KD AH TH")
>>> problem = Problem(cards=(qs, kd, ah, th), capacity={1: 1, 2: 1},
...                   allowed={card: frozenset({1, 2, SOLUTION}) for card in (qs, kd, ah, th)},
...                   first_kind=frozenset({qs, kd}), second_kind=frozenset({ah, th}))
>>> counts = count_deals(problem)
>>> counts.worlds, counts.at[qs][SOLUTION], counts.pairs[qs, ah]
(8, 4, 2)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from cardlab.cards import Card
from cardlab.errors import CardlabError

SOLUTION = "solution"

#: The largest array one case may use (entries); larger cases are split.
MAX_STATE = 1 << 19
#: A case with clauses that needs more entries than this is split if the cases
#: together need fewer.
SPLIT_CELLS = 1 << 22
#: The most array entries all cases together may touch; more is refused.
MAX_CELLS = 1 << 27
#: The most cases a count may be split into; more is refused.
MAX_CASES = 5000

#: Where a card can be: a seat number, or SOLUTION (the cards hidden in the middle).
Location = int | str
Clause = tuple[Location, Card, Card]


class TooHard(CardlabError):
    """Counting a problem exactly would take more memory or time than allowed; nothing was run."""


@dataclass(frozen=True)
class Problem:
    """Where each card may go, how many cards each seat takes, and 'at least one of' clauses.

    `first_kind` and `second_kind` are the cards that may fill the solution's
    two slots, one of each; a problem without a solution (no cards hidden in
    the middle) leaves them empty and never allows `SOLUTION`.
    """

    cards: tuple[Card, ...]
    capacity: Mapping[int, int]
    allowed: Mapping[Card, frozenset[Location]]
    clauses: tuple[Clause, ...] = ()
    first_kind: frozenset[Card] = field(default_factory=frozenset)
    second_kind: frozenset[Card] = field(default_factory=frozenset)

    @property
    def has_solution(self) -> bool:
        """True where two cards are hidden in the middle."""
        return bool(self.first_kind or self.second_kind)

    @property
    def locations(self) -> list[Location]:
        """Every seat, then the solution if there is one."""
        return list(self.capacity) + ([SOLUTION] if self.has_solution else [])


@dataclass
class Counts:
    """Exact counts: `worlds` deals in all, `at[card][location]` of them put the card there.

    `pairs[first, second]`: the deals with that solution. `with_second[card, location]`
    (only for the cards asked for): the deals that put `card` at `location`, by the
    solution's second-kind card (second cards without such a deal left out).
    """

    worlds: int
    at: dict[Card, dict[Location, int]]
    pairs: dict[tuple[Card, Card], int]
    with_second: dict[tuple[Card, Location], dict[Card, int]] = field(default_factory=dict)

    def probability(self, card: Card, location: Location) -> float:
        """The share of consistent deals that put `card` at `location`."""
        return self.at[card][location] / self.worlds if self.worlds else 0.0


def count_deals(problem: Problem, with_second: Collection[Card] = ()) -> Counts:
    """Count every consistent deal, per card and location, and per solution pair.

    For the cards in `with_second` (problems with a solution), each count per
    location is also split by the solution's second-kind card: with the
    first-kind card fixed in the solution, that is the joint count of those
    cards' places and the solution pair, from one pass.

    Raises `TooHard` (before counting anything) when the problem would need
    more than `MAX_CASES` cases or `MAX_CELLS` array entries.

    >>> from cardlab.cards import parse_cards
    >>> qs, kd, ah, th = parse_cards("QS KD AH TH")
    >>> anywhere = frozenset({1, 2, SOLUTION})
    >>> problem = Problem(cards=(qs, kd, ah, th), capacity={1: 1, 2: 1},
    ...                   allowed={qs: frozenset({SOLUTION}), kd: frozenset({1, 2}),
    ...                            ah: anywhere, th: anywhere},
    ...                   first_kind=frozenset({qs, kd}), second_kind=frozenset({ah, th}))
    >>> count_deals(problem, with_second={kd}).with_second[kd, 1] == {ah: 1, th: 1}
    True
    """
    if with_second and not problem.has_solution:
        raise ValueError("splitting by the solution needs a problem with a solution")
    parts = [case.run(frozenset(with_second)) for case in plan(problem)]
    if len(parts) == 1:
        return parts[0]
    at = {card: dict.fromkeys(problem.locations, 0) for card in problem.cards}
    pairs: dict[tuple[Card, Card], int] = {}
    seconds: dict[tuple[Card, Location], dict[Card, int]] = {}
    for part in parts:
        for card, by_place in part.at.items():
            for place, n in by_place.items():
                at[card][place] += n
        for pair, n in part.pairs.items():
            pairs[pair] = pairs.get(pair, 0) + n
        for key, by_second in part.with_second.items():
            total = seconds.setdefault(key, {})
            for second, n in by_second.items():
                total[second] = total.get(second, 0) + n
    return Counts(sum(part.worlds for part in parts), at, pairs, seconds)


def plan(problem: Problem) -> list[_Counter]:
    """The cases to count, each small enough; raises `TooHard` before any array exists.

    >>> from cardlab.cards import parse_cards
    >>> cards = parse_cards("2C 3C 4C")
    >>> problem = Problem(cards, {0: 2, 1: 1}, {c: frozenset({0, 1}) for c in cards})
    >>> [case.cells for case in plan(problem)]
    [36]
    >>> plan(replace(problem, capacity={0: 3, 1: 1}))  # four places, three cards: no deal
    []
    """
    first = _case(problem)
    pending, cases = [first] if first else [], list[_Counter]()
    tried = cells = 0
    while pending:
        case = pending.pop()
        children = None
        if any(case.domains) and (case.cells > SPLIT_CELLS or case.widest > MAX_STATE):
            children = [child for child in map(_case, _split(case)) if child is not None]
            tried += len(children)
            if tried > MAX_CASES:
                raise TooHard("counting.too_many_cases", limit=MAX_CASES)
            if case.widest <= MAX_STATE and sum(c.cells for c in children) >= case.cells:
                children = None
        if children is not None:
            pending += children
            continue
        cases.append(case)
        cells += case.cells
        if cells > MAX_CELLS:
            raise TooHard("counting.too_much_work", limit=MAX_CELLS)
    return cases


def _case(problem: Problem) -> _Counter | None:
    """The settled problem, planned; None if no deal fits."""
    settled = settle(problem)
    return None if settled is None else _Counter(settled)


def _split(case: _Counter) -> list[Problem]:
    """One problem per place of the card that widens `case` most (its clause seats, the rest)."""
    problem = case.problem
    widest = max(range(len(case.domains)), key=case.width)
    position = max(case.domains[widest], key=lambda j: (len(case.links[j]), -j))
    card = case.order[position]
    asked: set[Location] = {seat for seat, _ in case.links[position]}
    options: list[frozenset[Location]] = [frozenset({seat}) for seat in problem.capacity
                                          if seat in asked]
    if rest := problem.allowed[card] - asked:
        options.append(frozenset(rest))
    return [replace(problem, allowed={**problem.allowed, card: option}) for option in options]


def settle(problem: Problem) -> Problem | None:
    """The same deals with every certainty applied and settled clauses dropped; None if none.

    >>> from cardlab.cards import parse_cards
    >>> qs, ah = parse_cards("QS AH")
    >>> settled = settle(Problem((qs, ah), {1: 1, 2: 1}, {qs: frozenset({1, 2}),
    ...                          ah: frozenset({2})}, clauses=((1, qs, ah),)))
    >>> settled.allowed[qs], settled.clauses
    (frozenset({1}), ())
    """
    allowed = {card: set(places) for card, places in problem.allowed.items()}
    clauses = list(dict.fromkeys(problem.clauses))
    groups = [group for group in (problem.first_kind, problem.second_kind)
              if problem.has_solution]
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
        if not all(allowed.values()):
            return None
        for seat, size in problem.capacity.items():
            fixed = [card for card, places in allowed.items() if places == {seat}]
            candidates = [card for card, places in allowed.items() if seat in places]
            if len(fixed) > size or len(candidates) < size:
                return None
            if len(candidates) > size and len(fixed) == size:
                changed = True
                for card in candidates:
                    if card not in fixed:
                        allowed[card].discard(seat)
            elif len(candidates) == size and len(fixed) < size:
                changed = True
                for card in candidates:
                    allowed[card] = {seat}
        for group in groups:
            candidates = [card for card in group if SOLUTION in allowed[card]]
            fixed = [card for card in candidates if allowed[card] == {SOLUTION}]
            if not candidates or len(fixed) > 1:
                return None
            if fixed and len(candidates) > 1:
                changed = True
                for card in candidates:
                    if card != fixed[0]:
                        allowed[card].discard(SOLUTION)
            elif len(candidates) == 1 and not fixed:
                changed = True
                allowed[candidates[0]] = {SOLUTION}
        if not all(allowed.values()):
            return None
    return replace(problem, allowed={card: frozenset(p) for card, p in allowed.items()},
                   clauses=tuple(clauses))


class _Counter:
    """One case: one forward and one backward pass over the cards; see the module docstring.

    Building it only plans (order, open cards, array sizes); `run` counts.
    Inside, a card is its position in `order`.
    """

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.seats = list(problem.capacity)
        self.locations = problem.locations
        allowed = problem.allowed
        clauses = list(dict.fromkeys(problem.clauses))
        self.solution_seconds = sorted(
            (card for card in problem.second_kind if SOLUTION in allowed[card]),
            key=problem.cards.index,
        )
        # Axis 0: which second-kind card is in the solution (0: none yet), among those placed
        # so far (forward) or still to come (backward). Axis 1: the first slot. Then one axis
        # per seat but one.
        self.second_index = {card: k + 1 for k, card in enumerate(self.solution_seconds)}
        # The seat left without an axis is the largest: its usage follows from the others'.
        implied = max(self.seats, key=problem.capacity.__getitem__) if self.seats else None
        self.counted = [seat for seat in self.seats if seat != implied]
        self.seat_axis: dict[Location, int] = {seat: 2 + i for i, seat in enumerate(self.counted)}
        self.base_shape = (len(self.solution_seconds) + 1, 2 if problem.has_solution else 1,
                           *(problem.capacity[seat] + 1 for seat in self.counted))
        self.base_ndim = len(self.base_shape)
        # Counts beyond 64 bits (a 52-card deck among 5 or 6 players) use Python integers.
        self.dtype = np.int64 if _deal_bound(problem) < 2**62 else object
        self.order = _order_cards(problem.cards, clauses)
        position = {card: i for i, card in enumerate(self.order)}
        #: Per card: its places, its clauses as (seat, partner), its earlier partners.
        self.places = [[loc for loc in self.locations if loc in allowed[card]
                        and (loc != SOLUTION or card in problem.first_kind
                             or card in self.second_index)] for card in self.order]
        self.links: list[list[tuple[Location, int]]] = [[] for _ in self.order]
        for seat, a, b in clauses:
            self.links[position[a]].append((seat, position[b]))
            self.links[position[b]].append((seat, position[a]))
        self.earlier = [list(dict.fromkeys(j for _, j in links if j < i))
                        for i, links in enumerate(self.links)]
        self.domains = self._open_domains()
        self._transfers: dict[tuple[int, Location, int], np.ndarray] = {}
        # Second-kind cards that may be hidden, by position; a pass numbers them in the order
        # it meets them, so axis 0 grows by one at each and holds only those on its side.
        self.hidden = [b for b, card in enumerate(self.order) if card in self.second_index]
        self.grows = [card in self.second_index for card in self.order]
        self.is_first = [card in problem.first_kind for card in self.order]
        self.rows_before = [1 + sum(1 for p in self.hidden if p < b)
                            for b in range(len(self.order) + 1)]
        # Per boundary: the solution's second-kind cards (as indices) that the prefix's rows
        # and the suffix's rows number, in the order of those rows (see `_join`).
        numbers = [(p, self.second_index[self.order[p]] - 1) for p in self.hidden]
        self._row_seconds = [([k for p, k in numbers if p < b],
                              [k for p, k in reversed(numbers) if p >= b])
                             for b in range(len(self.order) + 1)]
        # Entries per row of an array at each boundary: the base axes but 0, the open cards.
        base = math.prod(self.base_shape[1:])
        self._row_size = [base * math.prod(len(seats) + 1 for seats in domain.values())
                          for domain in self.domains]
        self._shifts: dict[tuple[int, int, int], tuple[tuple[slice, ...], tuple[slice, ...]]] = {}

    def _open_domains(self) -> list[dict[int, tuple[Location, ...]]]:
        """Before card k is placed: each open card and the seats its open clauses ask about."""
        domains: list[dict[int, tuple[Location, ...]]] = [{}]
        waiting: dict[int, Counter[Location]] = {}
        for i, links in enumerate(self.links):
            now = dict(domains[-1])
            for seat, j in links:
                if j < i:
                    waiting[j][seat] -= 1
                    now[j] = tuple(s for s in self.seats if waiting[j][s] > 0)
                    if not now[j]:
                        del now[j]
            waiting[i] = Counter(seat for seat, j in links if j > i)
            if waiting[i]:
                now[i] = tuple(s for s in self.seats if waiting[i][s] > 0)
            domains.append(now)
        return domains

    def _rows_after(self, boundary: int) -> int:
        """Axis 0 of the backward array at `boundary`: none, or a second-kind card to come."""
        return 2 + len(self.hidden) - self.rows_before[boundary]

    def _size(self, rows: int, boundary: int) -> int:
        return rows * self._row_size[boundary]

    def width(self, boundary: int) -> int:
        """Entries of the larger array (forward or backward) at `boundary`."""
        return self._size(max(self.rows_before[boundary], self._rows_after(boundary)), boundary)

    @cached_property
    def widest(self) -> int:
        """Entries of the largest array this case needs."""
        return max(self.width(b) for b in range(len(self.domains)))

    @cached_property
    def cells(self) -> int:
        """Array entries written over both passes: a measure of time and memory."""
        return sum((len(places) + 1) * sum(
            self._size(rows(k), k) for rows in (self.rows_before.__getitem__, self._rows_after)
            for k in (b, b + 1)) // 2 for b, places in enumerate(self.places))

    def run(self, with_second: frozenset[Card] = frozenset()) -> Counts:
        """Count this case (`with_second`: cards whose places to split by the second-kind card)."""
        forward = self._start()
        pieces: list[dict[Location, np.ndarray]] = []
        for b, places in enumerate(self.places):
            step = {loc: self._forward_piece(forward, b, loc) for loc in places}
            pieces.append(step)
            forward = _total(step.values()) if step else self._empty(
                self.rows_before[b + 1], b + 1)
        worlds = int(self._final(forward))

        backward = self._start()
        at: list[dict[Location, int]] = [dict.fromkeys(self.locations, 0) for _ in self.order]
        pairs: dict[tuple[Card, Card], int] = {}
        splitting = [card in with_second for card in self.order]
        seconds: list[dict[Location, np.ndarray]] = [{} for _ in self.order]
        done: dict[tuple[object, ...], int] = {}
        for b in range(len(self.order) - 1, -1, -1):
            kind = self._kind(b)
            kind = None if kind is None else (*kind, splitting[b])
            twin = done.get(kind) if kind is not None else None
            if twin is not None:
                at[b] = dict(at[twin])
                seconds[b] = seconds[twin]
                if self.is_first[b]:
                    for second in self.second_index:
                        if (self.order[twin], second) in pairs:
                            pairs[self.order[b], second] = pairs[self.order[twin], second]
            elif worlds:
                self._marginals(b, pieces[b], self._reverse(backward), worlds, at[b], pairs,
                                seconds[b] if splitting[b] else None)
                if kind is not None:
                    done[kind] = b
            pieces[b] = {}
            back = [self._backward_piece(backward, b, loc) for loc in self.places[b]]
            backward = _total(back) if back else self._empty(self._rows_after(b), b)
        by_card = dict(zip(self.order, at, strict=True))
        with_seconds = {}
        for card, by_place in zip(self.order, seconds, strict=True):
            for loc, by_second in by_place.items():
                split = {second: int(n) for second, n in
                         zip(self.solution_seconds, by_second.tolist(), strict=True) if n}
                if split:
                    with_seconds[card, loc] = split
        return Counts(worlds, {card: by_card[card] for card in self.problem.cards},
                      pairs if worlds else {}, with_seconds)

    def forward_arrays(self) -> list[np.ndarray]:
        """The forward counts at every boundary (for sampling; no clauses)."""
        arrays = [self._start()]
        for b, places in enumerate(self.places):
            step = [self._forward_piece(arrays[-1], b, loc) for loc in places]
            arrays.append(_total(step) if step else self._empty(self.rows_before[b + 1], b + 1))
        return arrays

    def _marginals(self, b: int, pieces: dict[Location, np.ndarray],
                   reversed_suffix: np.ndarray, worlds: int, at: dict[Location, int],
                   pairs: dict[tuple[Card, Card], int],
                   seconds: dict[Location, np.ndarray] | None) -> None:
        """Deals per location of card b; the last one is what the others leave of the total.

        `seconds` (if given) receives every location's deals by the second-kind card.
        """
        card = self.order[b]
        locations = list(pieces)
        for loc in locations:
            pair_source = loc == SOLUTION and self.is_first[b]
            if loc == locations[-1] and seconds is None and not pair_source:
                at[loc] = worlds - sum(at[other] for other in locations[:-1])
                continue
            by_second = self._join(pieces[loc], reversed_suffix, b + 1)
            at[loc] = int(by_second.sum())
            if seconds is not None:
                seconds[loc] = by_second
            if pair_source:
                for second, k in self.second_index.items():
                    if by_second[k - 1]:
                        pairs[card, second] = int(by_second[k - 1])

    def _kind(self, b: int) -> tuple[object, ...] | None:
        """Cards of one kind are interchangeable: same places, no clauses, same group.

        Second-kind cards that may be hidden are told apart by the solution axis, so they
        have no kind of their own (their pair counts are filled in afterwards).
        """
        card = self.order[b]
        if self.links[b] or card in self.second_index:
            return None
        return (tuple(self.places[b]), card in self.problem.first_kind,
                card in self.problem.second_kind)

    def _start(self) -> np.ndarray:
        """Nothing placed yet: one way, with every usage zero."""
        start = np.zeros((1, *self.base_shape[1:]), dtype=self.dtype)
        start[(0,) * self.base_ndim] = 1
        return start

    def _empty(self, rows: int, boundary: int) -> np.ndarray:
        shape = (rows, *self.base_shape[1:],
                 *(len(s) + 1 for s in self.domains[boundary].values()))
        return np.zeros(shape, dtype=self.dtype)

    def _place(self, array: np.ndarray, b: int, loc: Location) -> np.ndarray:
        """Put card b at `loc`: shift the usage along that location's axis.

        A second-kind card that may be hidden adds a row to axis 0 (the last: passes
        number them in the order they meet them), filled only if it goes there.
        """
        rows = array.shape[0]
        grows = self.grows[b]
        if loc == SOLUTION:
            out = np.zeros((rows + grows, *array.shape[1:]), dtype=array.dtype)
            if grows:
                out[rows] = array[0]
            else:
                out[:, 1] = array[:, 0]
            return out
        axis = self.seat_axis.get(loc)
        if axis is None and not grows:  # the seat without an axis: usage follows from the count
            return array
        out = np.zeros((rows + grows, *array.shape[1:]), dtype=array.dtype)
        key = (0 if axis is None else axis, array.ndim, rows)
        if key not in self._shifts:
            target: list[slice] = [slice(0, rows)] + [slice(None)] * (array.ndim - 1)
            source: list[slice] = [slice(None)] * array.ndim
            if axis is not None:
                target[axis], source[axis] = slice(1, None), slice(None, -1)
            self._shifts[key] = tuple(target), tuple(source)
        target_at, source_at = self._shifts[key]
        out[target_at] = array[source_at]
        return out

    def _transfer(self, b: int, loc: Location, earlier: int) -> np.ndarray:
        """How placing card b at `loc` maps `earlier`'s axis across boundary b to b + 1.

        Row: `earlier`'s value before (0: at none of its open seats, else 1 + index),
        column: its value after (one column if its clauses all close here). An
        entry is 1 where every clause joining the two cards is met.
        """
        key = (b, loc, earlier)
        if key not in self._transfers:
            before = self.domains[b][earlier]
            after = self.domains[b + 1].get(earlier, ())
            matrix = np.zeros((len(before) + 1, len(after) + 1), dtype=self.dtype)
            for value, seat in enumerate((None, *before)):
                if all(loc == asked or seat == asked
                       for asked, other in self.links[b] if other == earlier):
                    matrix[value, after.index(seat) + 1 if seat in after else 0] = 1
            self._transfers[key] = matrix
        return self._transfers[key]

    def _forward_piece(self, array: np.ndarray, b: int, loc: Location) -> np.ndarray:
        """Deals of order[:b+1] with card b at `loc`, by the open cards' values."""
        piece = self._place(array, b, loc)
        before, after = list(self.domains[b]), self.domains[b + 1]
        for earlier in sorted(self.earlier[b], key=before.index, reverse=True):
            # Last axes first, so that earlier axis numbers hold when one closes.
            piece = _apply(piece, self.base_ndim + before.index(earlier),
                           self._transfer(b, loc, earlier), closes=earlier not in after)
        if b in after:
            opened = np.zeros((*piece.shape, len(after[b]) + 1), dtype=self.dtype)
            opened[..., _value(after[b], loc)] = piece
            piece = opened
        return piece

    def _backward_piece(self, array: np.ndarray, b: int, loc: Location) -> np.ndarray:
        """Deals of order[b:] with card b at `loc`, given the open cards' values before it."""
        piece = self._place(array, b, loc)
        before, after = self.domains[b], self.domains[b + 1]
        current = list(after)
        if b in after:
            piece = piece.take(_value(after[b], loc), axis=self.base_ndim + current.index(b))
            current.remove(b)
        for earlier in self.earlier[b]:
            matrix = self._transfer(b, loc, earlier)
            if earlier in current:
                axis = self.base_ndim + current.index(earlier)
                piece = _apply(piece, axis, matrix.T, closes=False)
            else:
                piece = piece[..., np.newaxis] * matrix[:, 0]
                current.append(earlier)
        if current != list(before):
            axes = [self.base_ndim + current.index(c) for c in before]
            piece = piece.transpose(*range(self.base_ndim), *axes)
        return np.ascontiguousarray(piece)

    def _reverse(self, array: np.ndarray) -> np.ndarray:
        """Index a suffix by what the prefix must have used: flip the usage axes."""
        flips = (slice(None),) + (slice(None, None, -1),) * (self.base_ndim - 1)
        return np.ascontiguousarray(array[flips])

    def _join(self, prefix: np.ndarray, reversed_suffix: np.ndarray,
              boundary: int) -> np.ndarray:
        """Deals joining prefix and suffix at `boundary`, by the solution's second-kind card."""
        if not self.problem.has_solution:
            return np.array([np.dot(prefix[0].ravel(), reversed_suffix[0].ravel())])
        by_second = np.zeros(len(self.solution_seconds), dtype=self.dtype)
        prefix_flat = prefix.reshape(prefix.shape[0], -1)
        suffix_flat = reversed_suffix.reshape(reversed_suffix.shape[0], -1)
        before, after = self._row_seconds[boundary]
        if before:
            by_second[before] = prefix_flat[1:] @ suffix_flat[0]
        if after:
            by_second[after] = suffix_flat[1:] @ prefix_flat[0]
        return by_second

    def _final(self, array: np.ndarray) -> int:
        full = tuple(self.problem.capacity[seat] for seat in self.counted)
        if not self.problem.has_solution:
            return int(array[(0, 0, *full)])
        index: tuple[slice | int, ...] = (slice(1, None), 1, *full)
        return int(array[index].sum())


def _value(seats: tuple[Location, ...], loc: Location) -> int:
    """An open card's value at `loc`: 1 + the index of that seat among its open seats, else 0."""
    return seats.index(loc) + 1 if loc in seats else 0


def _apply(piece: np.ndarray, axis: int, matrix: np.ndarray, closes: bool) -> np.ndarray:
    """Map `piece` along `axis` through a 0/1 `matrix` (rows: old values, columns: new).

    Each new value is the sum of the old values with a 1 in its column. When
    the axis `closes`, the matrix has one column and the axis goes away.
    """
    rows, cols = np.nonzero(matrix)
    if closes and len(rows) == len(matrix):
        return np.asarray(piece.sum(axis=axis))
    if closes and len(rows) == 1:
        return np.asarray(piece.take(int(rows[0]), axis=axis))
    if not closes and len(rows) == len(matrix) == matrix.shape[1] and (rows == cols).all():
        return piece
    shape = list(piece.shape)
    shape[axis] = matrix.shape[1]
    out = np.zeros(shape, dtype=piece.dtype)
    source: list[slice | int] = [slice(None)] * piece.ndim
    target: list[slice | int] = [slice(None)] * piece.ndim
    for row, col in zip(rows.tolist(), cols.tolist(), strict=True):
        source[axis], target[axis] = row, col
        out[tuple(target)] += piece[tuple(source)]
    return out.reshape(out.shape[:axis] + out.shape[axis + 1:]) if closes else out


def _total(arrays: Iterable[np.ndarray]) -> np.ndarray:
    """The sum of equally shaped arrays: the one array itself, or a new array (the arrays
    are never changed)."""
    first, *rest = arrays
    if not rest:
        return first
    total: np.ndarray = first + rest[0]
    for array in rest[1:]:
        total += array
    return total


def _deal_bound(problem: Problem) -> int:
    """More deals than any problem of this shape can have: all cards spread freely."""
    bound = math.factorial(len(problem.cards))
    for capacity in problem.capacity.values():
        bound //= math.factorial(capacity)
    return bound


class DealSampler:
    """Draws deals uniformly from all the deals of one problem without a solution or clauses.

    Draws backwards through the forward counts: each card's location is chosen
    in proportion to the number of ways to deal the cards before it. The
    counts are made once, here; each draw then only reads them, as plain
    integers at flat offsets (card counting in a trick-taking game).

    >>> from cardlab.cards import parse_cards
    >>> cards = parse_cards("2C 3C 4C")
    >>> sampler = DealSampler(Problem(cards, {0: 2, 1: 1}, {c: frozenset({0, 1}) for c in cards}))
    >>> sampler.worlds, sorted(sampler.sample(random.Random(1), 1)[0].values())
    (3, [0, 0, 1])
    """

    def __init__(self, problem: Problem) -> None:
        if problem.has_solution or problem.clauses:
            raise ValueError("sampling needs a problem without a solution or clauses")
        counter = _Counter(problem)
        self.order = counter.order
        # Without clauses every boundary's array has the base shape: one flat layout.
        shape = counter.base_shape
        strides = [math.prod(shape[axis + 1:]) for axis in range(len(shape))]
        axes: dict[Location, tuple[int | None, int]] = {
            seat: (number, strides[counter.seat_axis[seat]])
            for number, seat in enumerate(counter.counted)}
        #: Per card: (location, its counted seat's number or None, that seat's stride).
        self._places = [[(loc, *axes.get(loc, (None, 0))) for loc in places]
                        for places in counter.places]
        self._full = [problem.capacity[seat] for seat in counter.counted]
        self._final = sum(used * strides[counter.seat_axis[seat]]
                          for seat, used in zip(counter.counted, self._full, strict=True))
        self._forwards = [array.ravel().tolist() for array in counter.forward_arrays()]
        self.worlds: int = self._forwards[-1][self._final]

    def sample(self, rng: random.Random, count: int) -> list[dict[Card, Location]]:
        """`count` deals, each as {card: location} (none if no deal fits)."""
        if not self.worlds:
            return []
        last = len(self.order) - 1
        return [{self.order[last - i]: loc for i, loc in enumerate(reversed(places))}
                for places in self.sample_places(rng, count)]

    def sample_places(self, rng: random.Random, count: int) -> list[list[Location]]:
        """`count` deals, each as every card's location in the order of `order` (the same
        draws, from the same random numbers, as `sample`)."""
        return [self._draw(rng) for _ in range(count)] if self.worlds else []

    def _draw(self, rng: random.Random) -> list[Location]:
        """One deal, drawn from the last card back, from every seat full."""
        places: list[Location] = [0] * len(self.order)
        used = list(self._full)
        offset = self._final
        for b in range(len(self.order) - 1, -1, -1):
            counts = self._forwards[b]
            options = []
            total = 0
            for loc, seat, stride in self._places[b]:
                if seat is not None:
                    if not used[seat]:
                        continue
                    before = offset - stride
                else:
                    before = offset
                weight = counts[before]
                if weight:
                    options.append((loc, seat, before, weight))
                    total += weight
            pick = rng.randrange(total)
            for loc, seat, before, weight in options:
                if pick < weight:
                    places[b] = loc
                    offset = before
                    if seat is not None:
                        used[seat] -= 1
                    break
                pick -= weight
        return places


def _order_cards(cards: Iterable[Card], clauses: list[Clause]) -> list[Card]:
    """Cards in no clause first; then greedily the card that keeps the open state smallest.

    The open state's size is the product, over placed cards with a clause
    partner still to come, of 1 + the number of seats those clauses ask about.
    """
    cards = list(cards)
    partners: dict[Card, list[tuple[Location, Card]]] = {card: [] for card in cards}
    for seat, a, b in clauses:
        partners[a].append((seat, b))
        partners[b].append((seat, a))
    order = [card for card in cards if not partners[card]]
    remaining = [card for card in cards if partners[card]]
    # For each card: per seat, how many of its clauses there still wait for a partner.
    waiting = {card: Counter(seat for seat, _ in partners[card]) for card in remaining}
    placed: set[Card] = set()

    def growth(card: Card) -> float:
        """How much the log-size of the open state grows if `card` comes next."""
        change = math.log(1 + len(waiting[card]))
        closing: dict[Card, Counter[Location]] = {}
        for seat, other in partners[card]:
            if other in placed:
                closing.setdefault(other, Counter())[seat] += 1
        for other, done in closing.items():
            left = sum(1 for seat, n in waiting[other].items() if n > done[seat])
            change += math.log(1 + left) - math.log(1 + len(waiting[other]))
        return change

    while remaining:
        card = min(remaining, key=growth)
        remaining.remove(card)
        placed.add(card)
        order.append(card)
        for seat, other in partners[card]:
            waiting[other][seat] -= 1
            if not waiting[other][seat]:
                del waiting[other][seat]
    return order
