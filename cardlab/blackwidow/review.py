"""The review of one seat's Black Widow game: single-dummy, from what the seat knew.

For each decision of the seat (the three cards passed, each card played where
more than one was legal, the moon choice) every legal option is measured over
deals of the unseen cards drawn uniformly from all the deals consistent with
everything the seat had seen at that moment (exact card counting: voids, the
cards it passed, what the first trick and hearts led reveal; see
`knowledge.py`). Each deal is played to the end of the hand by the standard
rollout players (`bots.play_rest`: the `montecarlo` bot's ducking policy,
every seat), the other seats passing as the `heuristic` bot does; an
option's value is the seat's expected score change in the hand (lower is
better), with its 95% interval and sample size. Every option of a decision is
measured on the same deals, so differences are not drowned in the luck of the deal.

- A play: `PLAY_DEALS` deals for every legal card.
- A pass (up to 286 options for 13 cards): successive halving. Every set of
  three on `PASS_ROUNDS[0]` deals, the best few (and the one chosen) on more
  deals, and so on; the set chosen is always measured on all of them.
- The moon choice is exact: the scores under each choice, judged by how far
  the seat ends behind or ahead of the best other seat.

Verdicts (`cardlab.review.POINTS`): a loss under 1 point is good, 3 points or
more a mistake, between an inaccuracy; a choice whose interval overlaps the
best one's is never a mistake. The same record, seat and seed give the same
review, however many processes share the work: each batch of deals has its own
random source, seeded from the seed and where the decision is.

>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.game import BlackWidowGame
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> for _ in range(8):
...     _ = game.play(game.legal_cards()[-1])
>>> review = review_game(game.to_record(), seat=0, workers=1)
>>> review.unit, {moment.kind for moment in review.moments} <= {"play"}
('points', True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardlab import worker_pool
from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import (
    HeuristicBot,
    RandomBot,
    Rollout,
    distinct_options,
    play_rest,
)
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.playout import Position, lead_draws
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.rules import PASS_SIZE
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.cards import QUEEN_OF_SPADES, Card, Suit
from cardlab.errors import RecordError
from cardlab.i18n import Count, ListOf, Number, Text
from cardlab.review import POINTS, Estimate, Moment, Option, Review

#: Deals per task, and tasks per play: every legal card on PLAY_DEALS deals.
CHUNK = 24
PLAY_CHUNKS = 8
PLAY_DEALS = CHUNK * PLAY_CHUNKS
#: A pass, by successive halving: (deals added in this round, options kept for it).
#: Every option plays the first round; the chosen pass is always kept.
PASS_ROUNDS = ((8, None), (32, 24), (152, 6))
#: Options per task in a pass round that measures many.
PASS_GROUP = 40

#: Told how far a review has come: (tasks done, tasks in all).
Progress = Callable[[int, int], None]
#: One deal's outcome for one option: score change, took the Queen, hearts taken,
#: another seat shot the moon.
Outcome = tuple[int, int, int, int]


def review_game(record: BlackWidowRecord, seat: int, seed: int = 0,
                progress: Progress | None = None, workers: int | None = None,
                hand: int | None = None) -> Review:
    """The review of `seat`'s decisions in every hand of `record`, or in hand `hand` alone
    (counted from 1; the hand a decision was in keeps its number in the review).

    `workers`: 1 measures here, in this process; otherwise (the default, where this
    process may use more than one core) the work goes to the kernel's one shared pool
    of worker processes (`cardlab.worker_pool`), started if need be.
    """
    game = BlackWidowGame.from_record(record)
    if hand is not None and not 1 <= hand <= len(game.hands):
        raise RecordError("review.bad_hand", where="--hand",
                          hands=Count("count.hands", len(game.hands)), value=hand)
    decisions = _decisions(game, seat, None if hand is None else hand - 1)
    total = _task_count(decisions)
    parallel = (workers or worker_pool.pool_size()) > 1 and total > 1
    runner = _Runner(progress, total)
    with contextlib.ExitStack() as stack:
        if parallel:
            runner.lease = stack.enter_context(review_pool().lease())
        moments = _measure(decisions, seed, runner)
    results = list(enumerate(game.results))
    if hand is not None:
        results = results[hand - 1:hand]
    outcome = {"hands": [{"hand": number + 1, "points": result.points[seat],
                          "score": result.scores[seat]} for number, result in results]}
    return Review("blackwidow", seat, seed, POINTS.unit, _standings(game, seat, moments),
                  outcome, "score")


def review_pool() -> worker_pool.WorkerPool:
    """The kernel's shared pool of worker processes (`cardlab.worker_pool`), as reviews use
    it: each worker imports this module before its first task."""
    return worker_pool.kernel_pool([__name__])


def _standings(game: BlackWidowGame, seat: int, moments: Sequence[Moment]) -> tuple[Moment, ...]:
    """Each pass and play with the seat's expected score after it: its score before the hand
    plus the expected points of the choice (the review's graph)."""
    before = [0, *(result.scores[seat] for result in game.results)]
    return tuple(dataclasses.replace(moment, standing=before[moment.where["hand"] - 1]
                                     + chosen.mean)
                 if (chosen := moment.value(moment.chosen_key)) is not None
                 and moment.kind != "moon" else moment for moment in moments)


@dataclass(frozen=True)
class _Decision:
    """A decision to review: its kind, what the seat saw, the options, the choice, where."""

    kind: str
    view: BlackWidowView
    options: tuple[tuple[Card, ...], ...]
    chosen: tuple[Card, ...]
    hand: int
    play: int | None = None
    #: The moon choice: the scores after the hand under each choice, and the one made.
    moon: dict[str, list[int]] | None = None
    moon_choice: str = ""


def _decisions(game: BlackWidowGame, seat: int, only: int | None = None) -> list[_Decision]:
    """Every decision `seat` made (in hand `only` alone, counted from 0, where given), in
    order, with the view it made it from."""
    found = []
    for number, hand in enumerate(game.hands):
        if only is not None and number != only:
            continue
        passed = hand.passes[seat] if hand.offset else None
        if passed is not None:
            view = seat_view(game, seat, hand=number, plays=0, passed=False)
            options = tuple(itertools.combinations(view.hand, PASS_SIZE))
            found.append(_Decision("pass", view, options, tuple(sorted(passed)), number))
        for index, (who, card) in enumerate(zip(hand.seats, hand.plays, strict=True)):
            if who != seat:
                continue
            view = seat_view(game, seat, hand=number, plays=index)
            legal = view.legal()
            if len(legal) > 1:
                found.append(_Decision("play", view, tuple((c,) for c in legal), (card,),
                                       number, index + 1))
        if hand.moon is not None and hand.shooter() == seat:
            view = seat_view(game, seat, hand=number)
            before = game.results[number - 1].scores if number else [0] * game.rules.players
            outcomes = {choice: kernel.scores_after(hand.points(), seat, choice, before,
                                                    game.rules.exact_hundred)
                        for choice in ("others", "self")}
            found.append(_Decision("moon", view, (), (), number, moon=outcomes,
                                   moon_choice=str(hand.moon)))
    return found


def _task_count(decisions: Sequence[_Decision]) -> int:
    return sum(PLAY_CHUNKS if d.kind == "play" else
               sum(len(_pass_tasks(d, r, len(d.options))) for r in range(len(PASS_ROUNDS)))
               if d.kind == "pass" else 0 for d in decisions)


def _measure(decisions: Sequence[_Decision], seed: int, runner: _Runner) -> list[Moment]:
    """Every decision measured: plays and the first pass round together, then the rest."""
    equal = {i: _equal_cards(d.view, [option[0] for option in d.options])
             for i, d in enumerate(decisions) if d.kind == "play"}
    played = {i: tuple(dict.fromkeys((same[card],) for card in same)) for i, same in equal.items()}
    plays = {i: [runner.submit(_play_chunk, decisions[i].view, played[i],
                               _key(seed, decisions[i], chunk))
                 for chunk in range(PLAY_CHUNKS)] for i in played}
    passes = {i: _PassRounds(d, seed) for i, d in enumerate(decisions) if d.kind == "pass"}
    for round_number in range(len(PASS_ROUNDS)):
        for rounds in passes.values():
            rounds.submit(round_number, runner)
        for rounds in passes.values():
            rounds.collect(runner)
    moments = []
    for i, decision in enumerate(decisions):
        if decision.kind == "play":
            outcomes: dict[tuple[Card, ...], list[Outcome]] = {o: [] for o in played[i]}
            for future in plays[i]:
                for row in runner.result(future):
                    for option, outcome in zip(played[i], row, strict=True):
                        outcomes[option].append(outcome)
            moments.append(_moment(decision, {(card,): outcomes[same,]
                                              for card, same in equal[i].items()}))
        elif decision.kind == "pass":
            moments.append(_moment(decision, passes[i].outcomes))
        else:
            moments.append(_moon_moment(decision))
    return moments


class _PassRounds:
    """Successive halving over the sets of three a seat could pass."""

    def __init__(self, decision: _Decision, seed: int) -> None:
        self.decision = decision
        self.seed = seed
        self.outcomes: dict[tuple[Card, ...], list[Outcome]] = {o: [] for o in decision.options}
        self.pending: list[tuple[tuple[tuple[Card, ...], ...], Future[Any] | list[Any]]] = []
        self.alive = list(decision.options)

    def submit(self, number: int, runner: _Runner) -> None:
        keep = PASS_ROUNDS[number][1]
        if keep is not None and len(self.alive) > keep:
            ranked = sorted(self.alive, key=lambda o: (_mean(self.outcomes[o]), o))
            kept = ranked[:keep]
            if self.decision.chosen not in kept:
                kept.append(self.decision.chosen)
            self.alive = kept
        self.pending = [(group, runner.submit(_pass_chunk, self.decision.view, group,
                                              _key(self.seed, self.decision, chunk), size))
                        for group, chunk, size in _pass_tasks(self.decision, number,
                                                              len(self.alive), self.alive)]

    def collect(self, runner: _Runner) -> None:
        for group, future in self.pending:
            for row in runner.result(future):
                for option, outcome in zip(group, row, strict=True):
                    self.outcomes[option].append(outcome)
        self.pending = []


def _pass_tasks(decision: _Decision, number: int, alive: int,
                options: Sequence[tuple[Card, ...]] | None = None
                ) -> list[tuple[tuple[tuple[Card, ...], ...], int, int]]:
    """The tasks of pass round `number`: (options, chunk number, deals) for each."""
    deals, keep = PASS_ROUNDS[number]
    if keep is not None:
        alive = min(alive, keep + 1)
    first_chunk = sum(d for d, _ in PASS_ROUNDS[:number])
    listed = tuple(options) if options is not None else ((),) * alive
    if number == 0:  # many options, few deals: split the options
        return [(listed[i:i + PASS_GROUP], first_chunk, deals)
                for i in range(0, len(listed), PASS_GROUP)]
    # few options, more deals: split the deals (each chunk its own random source)
    return [(listed, first_chunk + start, min(CHUNK, deals - start))
            for start in range(0, deals, CHUNK)]


def _equal_cards(view: BlackWidowView, legal: Sequence[Card]) -> dict[Card, Card]:
    """Each legal card, mapped to the lowest legal card worth exactly the same: the card
    `bots.distinct_options` keeps for its run. With ``8C`` and ``TC`` in my hand and ``9C``
    played in an earlier trick, ``8C`` stands for both, and is measured once."""
    kept = set(distinct_options(view, legal))
    same: dict[Card, Card] = {}
    for card in sorted(legal, key=lambda c: c.index):     # the lowest is always kept
        if card in kept:
            keeper = card
        same[card] = keeper
    return same


def _key(seed: int, decision: _Decision, chunk: int) -> str:
    """The random source of one batch of deals: the same wherever the batch runs."""
    return f"{seed}:{decision.hand}:{decision.kind}:{decision.play}:{chunk}"


def _mean(outcomes: list[Outcome]) -> float:
    return sum(o[0] for o in outcomes) / len(outcomes)


@lru_cache(maxsize=16)
def _knowledge(view: BlackWidowView) -> BlackWidowKnowledge:
    """The seat's exact knowledge (kept: a process measures several batches of one view)."""
    return BlackWidowKnowledge.from_view(view)


def _play_chunk(view: BlackWidowView, options: tuple[tuple[Card, ...], ...],
                key: str) -> list[tuple[Outcome, ...]]:
    """CHUNK consistent deals, each played out after every option: one row per deal."""
    rng = random.Random(key)
    seen = Position.from_view(view, {})
    rows = []
    table = kernel.MaskRules.of(view.rules)
    for unseen in _knowledge(view).sample_hands(rng, CHUNK):
        position = seen.with_unseen(unseen)
        leads = lead_draws(rng, table)
        rows.append(tuple(_outcome(view, play_rest(view.rules, view.scores, position, leads,
                                                   first=option[0]))
                          for option in options))
    return rows


def _pass_chunk(view: BlackWidowView, options: tuple[tuple[Card, ...], ...], key: str,
                deals: int) -> list[tuple[Outcome, ...]]:
    """`deals` consistent deals, each passed and played out after every pass option."""
    rng = random.Random(key)
    rules, me, number = view.rules, view.me, view.hand_number
    table = kernel.MaskRules.of(rules)
    table_bot = HeuristicBot(random.Random(0))
    receiver = [rules.receiver(seat, number) for seat in range(rules.players)]
    dealt = kernel.mask(view.dealt)
    passes = [kernel.mask(option) for option in options]
    rows = []
    for unseen in _knowledge(view).sample_hands(rng, deals):
        # Every other seat passes from the hand it was dealt; then the options differ
        # only in what this seat gives.
        hands = [*unseen[:me], dealt, *unseen[me + 1:]]
        for seat in range(rules.players):
            if seat != me:
                bits = kernel.mask(table_bot.pass_cards(BlackWidowView(
                    rules, seat, number, view.scores, tuple(kernel.cards_of(unseen[seat]))))[0])
                hands[seat] &= ~bits
                hands[receiver[seat]] |= bits
        row = []
        leads = lead_draws(rng, table)
        for bits in passes:
            after = list(hands)
            after[me] &= ~bits
            after[receiver[me]] |= bits
            position = Position.opening(table, after)
            row.append(_outcome(view, play_rest(rules, view.scores, position, leads)))
        rows.append(tuple(row))
    return rows


def _outcome(view: BlackWidowView, rollout: Rollout) -> Outcome:
    taken = rollout.playout.taken
    shooter = kernel.shooter(taken)
    return (rollout.scores[view.me] - view.scores[view.me],
            int(bool(taken[view.me] & kernel.QUEEN_BIT)),
            (taken[view.me] & kernel.HEARTS).bit_count(),
            int(shooter is not None and shooter != view.me))


def _moment(decision: _Decision, outcomes: dict[tuple[Card, ...], list[Outcome]]) -> Moment:
    """A measured play or pass: values, best, and the reason where one shows."""
    measured = {o: rows for o, rows in outcomes.items() if rows}
    estimates = {o: Estimate.of([row[0] for row in rows]) for o, rows in measured.items()}
    # The best of the options measured on the most deals (the last round of a pass).
    most = max(e.samples for e in estimates.values())
    chosen = decision.chosen
    # Ties go to the choice made: equal cards (8C and 9C with no card between out) tie exactly.
    best = min((o for o, e in estimates.items() if e.samples == most),
               key=lambda o: (estimates[o].mean, o != chosen, o))
    options = tuple(Option(_name(o), estimates[o]) for o in sorted(
        estimates, key=lambda o: (-estimates[o].samples, estimates[o].mean, o)))
    where = {"hand": decision.hand + 1}
    if decision.play is not None:
        where["play"] = decision.play
    moment = Moment(decision.kind, POINTS, options, _action(chosen), _name(chosen),
                    _action(best), _name(best), where)
    if moment.judged[0] == "good":
        return moment
    reason = _reason(decision.view, chosen, best, measured[chosen], measured[best])
    return Moment(decision.kind, POINTS, options, _action(chosen), _name(chosen),
                  _action(best), _name(best), where, reason)


def _reason(view: BlackWidowView, chosen: tuple[Card, ...], best: tuple[Card, ...],
            mine: list[Outcome], better: list[Outcome]) -> Text:
    """Why `best` is better, in the engine's terms: the Queen, hearts, the moon, or points."""
    def rate(rows: list[Outcome], field: int) -> float:
        return sum(row[field] for row in rows) / len(rows)
    names = {"chosen": _Option(tuple(sorted(chosen))), "best": _Option(tuple(sorted(best)))}
    queen = rate(mine, 1) - rate(better, 1)
    if queen >= 0.2:
        reason = Text("blackwidow.review.queen", **names, mine=Number(100 * rate(mine, 1)),
                      better=Number(100 * rate(better, 1)))
        return _with_context(view, reason)
    if rate(mine, 2) - rate(better, 2) >= 0.5:
        return Text("blackwidow.review.hearts", **names, mine=Number(rate(mine, 2), 1),
                    better=Number(rate(better, 2), 1))
    if rate(mine, 3) - rate(better, 3) >= 0.1:
        return Text("blackwidow.review.moon", **names, mine=Number(100 * rate(mine, 3)),
                    better=Number(100 * rate(better, 3)))
    return Text("blackwidow.review.points", **names,
                points=Number(_mean(mine) - _mean(better), 1), deals=len(mine))


def _with_context(view: BlackWidowView, reason: Text) -> Text:
    """`reason`, after what the seat knew of the Queen: still out, and who has no spades."""
    if any(card == QUEEN_OF_SPADES for _, card in view.plays) or \
            QUEEN_OF_SPADES in view.hand:
        return reason
    voids = [void.seat for void in _knowledge(view).voids if void.suit is Suit.SPADES]
    if voids:
        many = "_many" if len(voids) > 1 else ""
        return Text(f"blackwidow.review.queen_out_voids{many}", seats=ListOf(sorted(voids)),
                    reason=reason)
    return Text("blackwidow.review.queen_out", reason=reason)


def _moon_moment(decision: _Decision) -> Moment:
    """The moon choice, exactly: how far ahead of (or behind) the best other seat each leaves."""
    assert decision.moon is not None
    me = decision.view.me

    def lead(scores: list[int]) -> float:
        return scores[me] - min(s for seat, s in enumerate(scores) if seat != me)
    options = tuple(Option(choice, Estimate.exact(lead(scores), 1))
                    for choice, scores in decision.moon.items())
    best, _ = RandomBot(random.Random(0)).choose_moon(decision.view, decision.moon)
    chosen = decision.moon_choice
    return Moment("moon", POINTS, options, chosen, chosen, best, best,
                  {"hand": decision.hand + 1})


def _name(option: tuple[Card, ...]) -> str:
    """An option as a key: a card's code, or a pass's three codes."""
    return " ".join(card.code for card in sorted(option))


@dataclass(frozen=True)
class _Option:
    """A card, or a pass's three, inside a reason: as their corners show them, or written
    as in the review where messages name cards by their codes.

    >>> option = _Option((Card.parse("KD"),))
    >>> option.label("de"), option.code
    ('K♦', 'KD')
    """

    cards: tuple[Card, ...]

    @property
    def code(self) -> str:
        return _name(self.cards)

    def label(self, lang: str = "en") -> str:
        return ", ".join(card.label(lang) for card in self.cards)


def _action(option: tuple[Card, ...]) -> str | list[str]:
    """An option written as records write it: a card code, or a pass as three codes."""
    return option[0].code if len(option) == 1 else [card.code for card in sorted(option)]


class _Runner:
    """Runs measuring tasks on a lease of the shared pool (or here, where there is none),
    and counts them."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        self.lease: worker_pool.Lease | None = None
        self._tick()

    def submit(self, task: Callable[..., Any], *args: object) -> Future[Any] | list[Any]:
        if self.lease is None:
            return [task, args]
        return self.lease.submit(task, *args)

    def result(self, future: Future[Any] | list[Any]) -> list[Any]:
        value: list[Any]
        if isinstance(future, list):
            task, args = future
            value = task(*args)
        else:
            value = future.result()
        self.done += 1
        self._tick()
        return value

    def _tick(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total)


def pass_outcomes(view: BlackWidowView, options: Sequence[tuple[Card, ...]], deals: int,
                  seed: int) -> list[tuple[Outcome, ...]]:
    """How each pass in `options` turns out for the seat of `view` (about to pass), as the
    review measures a pass: `deals` deals that fit its hand, each passed (the others pass
    as `heuristic` does) and played out after every option; one row per deal.

    An outcome is (points taken, took the Queen, hearts taken, another seat shot the moon).
    """
    return _pass_chunk(view, tuple(options), f"pass:{seed}", deals)


def why_better(view: BlackWidowView, chosen: tuple[Card, ...], best: tuple[Card, ...],
               mine: list[Outcome], better: list[Outcome]) -> Text:
    """Why `best` did better than `chosen` over the same deals, as the review says it."""
    return _reason(view, chosen, best, mine, better)
