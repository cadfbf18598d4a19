"""The shape of a game review, shared by every game: estimates, verdicts, the report.

A game's review (its package's `review` module, reached through the registry's
`Reviewing` capability) measures each decision a seat made: the value of every
option from what that seat knew at that moment, the best one, the *loss* (how
much worse the choice was than the best, never negative) and a verdict. This
module knows no game: it turns those measurements into verdicts and into the
`cardlab review` report.

Verdicts: `good` below the scale's `inaccuracy` threshold, `mistake` at or above
its `mistake` threshold, `inaccuracy` between. An estimate whose 95% interval
overlaps the best option's interval is never a mistake (at most an inaccuracy).

>>> best, chosen = Estimate.of([1.0, 2.0, 3.0]), Estimate.of([14.0, 13.0, 15.0])
>>> POINTS.verdict(chosen, best)
('mistake', 12.0)
>>> POINTS.verdict(Estimate.exact(2.5, 10), Estimate.exact(2.0, 10))
('good', 0.5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardlab.errors import RecordError
from cardlab.i18n import Text, card_codes, message
from cardlab.stats import half_width

#: The verdicts, from best to worst.
VERDICTS = ("good", "inaccuracy", "mistake")


def check_seat(seat: int, players: int) -> None:
    """A `RecordError` (for `--as`) unless `seat` is one of `players` seats."""
    if not 0 <= seat < players:
        raise RecordError("review.bad_seat", where="--as", last=players - 1, value=seat)


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval and the number of samples behind it; `counted`: computed
    over every consistent deal (`samples` of them), not estimated from a sample.

    >>> e = Estimate.of([2.0, 4.0])
    >>> e.mean, e.samples, round(e.high - e.mean, 3), e.is_exact
    (3.0, 2, 12.706, False)
    >>> Estimate.of([0.0, 0.0]).is_exact, Estimate.exact(0.0, 2).is_exact
    (False, True)
    """

    mean: float
    low: float
    high: float
    samples: int
    counted: bool = False

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of `values` and its 95% interval (Student's t)."""
        mean, half = math.fsum(values) / len(values), half_width(values)
        return cls(mean, mean - half, mean + half, len(values))

    @classmethod
    def exact(cls, value: float, worlds: int) -> Estimate:
        """A value computed exactly over all `worlds` consistent deals: no interval to speak of."""
        return cls(value, value, value, worlds, counted=True)

    @property
    def is_exact(self) -> bool:
        """True where the value was computed over every deal (a sample without spread still
        has an interval: it is a sample)."""
        return self.counted

    def overlaps(self, other: Estimate) -> bool:
        """True if the two 95% intervals share a point."""
        return self.low <= other.high and other.low <= self.high

    def to_json(self, digits: int) -> dict[str, Any]:
        """`value`, `low`, `high` (rounded) and `samples`."""
        def cut(x: float) -> float | None:
            return round(x, digits) if math.isfinite(x) else None
        return {"value": cut(self.mean), "low": cut(self.low), "high": cut(self.high),
                "samples": self.samples}


@dataclass(frozen=True)
class Scale:
    """How a unit is judged: which way is better and where the verdicts change.

    >>> BITS.loss(Estimate.exact(0.4, 10), Estimate.exact(1.0, 10))
    0.6
    """

    unit: str
    higher_is_better: bool
    inaccuracy: float
    mistake: float
    digits: int

    def loss(self, chosen: Estimate, best: Estimate) -> float:
        """How much worse `chosen` is than `best`, in this unit (never negative)."""
        gap = best.mean - chosen.mean if self.higher_is_better else chosen.mean - best.mean
        return round(max(0.0, gap), 9)

    def verdict(self, chosen: Estimate, best: Estimate) -> tuple[str, float]:
        """The verdict on `chosen` against `best`, and the loss."""
        loss = self.loss(chosen, best)
        if loss < self.inaccuracy:
            return "good", loss
        if loss < self.mistake or chosen.overlaps(best):
            return "inaccuracy", loss
        return "mistake", loss


#: Expected points taken, as in a hand of a trick-taking game (lower is better).
POINTS = Scale("points", higher_is_better=False, inaccuracy=1.0, mistake=3.0, digits=2)
#: Expected information about what is hidden, in bits (higher is better): for questions.
BITS = Scale("bits", higher_is_better=True, inaccuracy=0.15, mistake=0.5, digits=3)
#: The chance of winning (1.0: certain): for guesses.
CHANCE = Scale("chance", higher_is_better=True, inaccuracy=0.1, mistake=0.5, digits=3)


@dataclass(frozen=True)
class Option:
    """One option of a decision, written as in records (`"QS"`, `"KC+5H"`), and its value."""

    action: str
    value: Estimate


@dataclass(frozen=True)
class Moment:
    """One reviewed decision: every option's value, the choice, the best, loss and verdict.

    `chosen` and `best` are JSON values as records write actions (None: no action,
    such as letting a chance to guess pass); `key` of each is its option's name.
    `where` says when it was (``{"hand": 1, "play": 17}``), `extra` adds the
    game's own fields to the JSON, `reason` says why the best is better.
    """

    kind: str
    scale: Scale
    options: tuple[Option, ...]
    chosen: Any
    chosen_key: str
    best: Any
    best_key: str
    where: dict[str, Any] = field(default_factory=dict)
    reason: Text | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: A verdict and loss set by the game where values do not decide it (a guess, say).
    judgement: tuple[str, float] | None = None
    #: Where the seat stood at this decision, on the review's graph (`Review.standing`;
    #: None: not drawn).
    standing: float | None = None
    #: A decision with one sensible choice, made (the game says which): the review's
    #: table lists such decisions apart, so the others stand out.
    routine: bool = False
    #: Measured over the deals that fit what every seat saw, not over the seat's own:
    #: where what matters is another seat's knowledge, which the seat cannot know (the
    #: game explains it under the review's table).
    public: bool = False

    def value(self, key: str) -> Estimate | None:
        """The estimate of the option called `key` (None: that option has no value)."""
        return next((option.value for option in self.options if option.action == key), None)

    @property
    def measured(self) -> tuple[Estimate, ...]:
        """The values the choice was judged on: the chosen option's (else the best's); for
        an action without a value of its own, every option's, which it rests on."""
        chosen = self.value(self.chosen_key) or self.value(self.best_key)
        return (chosen,) if chosen is not None else tuple(o.value for o in self.options)

    @property
    def samples(self) -> int:
        """How many deals the chosen option was measured on (all of them where exact)."""
        return max((value.samples for value in self.measured), default=0)

    @property
    def counted(self) -> bool:
        """True where every value the choice was judged on was counted over every deal."""
        return bool(self.measured) and all(value.is_exact for value in self.measured)

    @property
    def judged(self) -> tuple[str, float]:
        """(verdict, loss)."""
        if self.judgement is not None:
            return self.judgement
        chosen, best = self.value(self.chosen_key), self.value(self.best_key)
        assert chosen is not None and best is not None, "a judged option has a value"
        return self.scale.verdict(chosen, best)

    def to_json(self, number: int, lang: str) -> dict[str, Any]:
        """The decision as in the `cardlab review` JSON."""
        verdict, loss = self.judged
        digits = self.scale.digits
        data: dict[str, Any] = {
            "number": number, **self.where, "kind": self.kind, "chosen": self.chosen,
            "best": self.best, "loss": round(loss, digits), "verdict": verdict,
            "samples": self.samples, "unit": self.scale.unit,
            "values": {o.action: round(o.value.mean, digits) for o in self.options},
            "options": [{"action": o.action, **o.value.to_json(digits)} for o in self.options],
        }
        if self.reason is not None:
            with card_codes():
                data["reason"] = self.reason.text(lang)
        return {**data, **self.extra}


@dataclass(frozen=True)
class Review:
    """A seat's decisions in one game, judged.

    `outcome` is what really happened to the seat (from the record), for the
    last word; `unit` the main unit, in which the top-level loss is summed.
    `standing` names what each moment's `standing` measures, the line of the
    review's graph (message ``review.standing.<standing>``; "": no graph).
    """

    game: str
    seat: int
    seed: int
    unit: str
    moments: tuple[Moment, ...]
    outcome: dict[str, Any] = field(default_factory=dict)
    standing: str = ""

    def loss(self, unit: str | None = None) -> float:
        """The sum of the losses in `unit` (default: the review's own)."""
        unit = unit or self.unit
        return math.fsum(m.judged[1] for m in self.moments if m.scale.unit == unit)

    def counts(self) -> dict[str, int]:
        """How many decisions got each verdict."""
        verdicts = [moment.judged[0] for moment in self.moments]
        return {verdict: verdicts.count(verdict) for verdict in VERDICTS}

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The `cardlab review` JSON (docs/contract.md)."""
        units = sorted({m.scale.unit for m in self.moments} | {self.unit})
        return {
            "game": self.game, "seat": self.seat, "seed": self.seed, "unit": self.unit,
            "decisions": [m.to_json(number, lang)
                          for number, m in enumerate(self.moments, start=1)],
            "loss": round(self.loss(), 3),
            "losses": {unit: round(self.loss(unit), 3) for unit in units},
            "verdicts": self.counts(), "outcome": self.outcome,
        }

    def text(self, lang: str = "en") -> str:
        """The review in words: a summary, then a line for each decision that was not the best."""
        counts = self.counts()
        lines = [message("review.summary", lang, seat=self.seat, decisions=len(self.moments),
                         inaccuracies=counts["inaccuracy"], mistakes=counts["mistake"],
                         loss=f"{self.loss():.2f}", unit=message(f"review.unit.{self.unit}", lang))]
        for number, moment in enumerate(self.moments, start=1):
            if moment.chosen_key != moment.best_key or moment.judged[0] != "good":
                lines.append(_line(number, moment, lang))
        lines.append(message("review.all_best", lang))
        return "\n".join(lines)


def _line(number: int, moment: Moment, lang: str) -> str:
    """One decision in words: when, what, the best, the values, the verdict, why."""
    verdict, loss = moment.judged
    scale = moment.scale
    when = ", ".join(message(f"review.where.{key}", lang, value=value)
                     for key, value in moment.where.items())
    when = f"{when}: " if when else ""
    line = message("review.line", lang, number=number, when=when, chosen=moment.chosen_key,
                   best=moment.best_key, value=_shown(moment.value(moment.chosen_key), scale),
                   best_value=_shown(moment.value(moment.best_key), scale),
                   unit=message(f"review.unit.{scale.unit}", lang),
                   verdict=message(f"review.verdict.{verdict}", lang),
                   loss=f"{loss:.{scale.digits}f}")
    if moment.reason is not None:
        with card_codes():
            line += " " + moment.reason.text(lang)
    return line


def _shown(estimate: Estimate | None, scale: Scale) -> str:
    """A value with its interval where it was sampled: ``3.10 [2.40, 3.80; n=200]``."""
    digits = scale.digits
    if estimate is None:
        return "-"
    if estimate.is_exact:
        return f"{estimate.mean:.{digits}f}"
    return (f"{estimate.mean:.{digits}f} [{estimate.low:.{digits}f}, "
            f"{estimate.high:.{digits}f}; n={estimate.samples}]")
