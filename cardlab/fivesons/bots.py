"""Five Sons bots. Each decides from its own observation log only, never the full game.

- `checklist`: plays like a beginner with a notes sheet: it asks about a face and a
  heart it has not ticked off yet (at random among them), and ticks off only the
  cards it holds or has been shown; it guesses
  once one face and one heart are left unticked (or once a question of its own
  went unanswered). What the other seats' questions and passes tell, it never uses.
- `random`: random questions; guesses only when certain.
- `logician`: asks about cards whose place it does not know; guesses as soon as certain.
- `infogain`: asks the question whose answer, on average, tells it most about the
  solution (expected drop in the entropy of the exact solution distribution).

When holding both cards asked about, every bot shows the one that asker has
already seen from it, if any. Every decision comes with a one-sentence reason.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> game = FiveSonsGame.deal(FiveSonsRules(), seed=2)
>>> bot = make_bot("logician", seed=1)
>>> face, heart, why = bot.question(game.observation_log(0))
>>> face in game.rules.faces and heart in game.rules.hearts
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from cardlab.cards import Card
from cardlab.deal_counting import SOLUTION, Counts, count_deals
from cardlab.errors import CardlabError
from cardlab.fivesons.evidence import Evidence
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import AskSeen, FiveSonsLog
from cardlab.i18n import Number, Text

#: How many of the most promising questions `infogain` scores exactly.
SHORTLIST = 6


@dataclass
class FiveSonsBot:
    """The shared behaviour: guess when certain, show what the asker has seen."""

    rng: random.Random
    _last: tuple[FiveSonsLog, FiveSonsKnowledge] | None = None

    name = "bot"

    def knowledge(self, log: FiveSonsLog) -> FiveSonsKnowledge:
        """Exact knowledge from `log`, remembered until the log changes: a bot asked
        whether to guess and then what to ask sees the same log twice."""
        if self._last is None or self._last[0] != log:
            self._last = (log, FiveSonsKnowledge.from_log(log))
        return self._last[1]

    def question(self, log: FiveSonsLog) -> tuple[Card, Card, Text]:
        """The face and heart to ask about, and why."""
        face, heart = self.rng.choice(log.rules.faces), self.rng.choice(log.rules.hearts)
        return face, heart, Text("fivesons.bot.ask_random")

    def guess(self, log: FiveSonsLog) -> tuple[Card, Card, Text] | None:
        """The solution to name, if this bot is certain of it."""
        pairs = self.knowledge(log).counts.pairs
        if len(pairs) != 1:
            return None
        (face, heart), = pairs
        return face, heart, Text("fivesons.bot.guess_certain", face=face, heart=heart)

    def show(self, log: FiveSonsLog, asker: int, options: tuple[Card, ...]) -> tuple[Card, Text]:
        """Which of `options` (both held) to show `asker`."""
        seen = {event.shown for event in log.events
                if isinstance(event, AskSeen) and event.seat == asker
                and event.shown_by == log.me and event.shown in options}
        if seen:
            card = min(seen)
            return card, Text("fivesons.bot.show_seen", card=card)
        card = self.rng.choice(options)
        return card, Text("fivesons.bot.show_any", card=card)


class ChecklistBot(FiveSonsBot):
    """Asks about cards it has not ticked off; ticks off only the cards it holds or is shown.

    >>> def log_of(*events):
    ...     return FiveSonsLog.from_json({"format": "cardlab/1", "game": "fivesons",
    ...         "rules": {"players": 3, "faces": ["JC", "QC", "KC"], "hearts": ["AH", "2H", "3H"]},
    ...         "me": 0, "hand": ["JC", "AH"], "events": list(events)})
    >>> mine = {"ask": 0, "face": "QC", "heart": "2H", "shown_by": 1, "shown": "QC"}
    >>> theirs = {"ask": 1, "face": "KC", "heart": "3H", "shown_by": 2}
    >>> bot = ChecklistBot(random.Random(1))
    >>> bot.guess(log_of(mine, theirs)) is None      # it was not shown what seat 2 holds
    True
    >>> again = {"ask": 0, "face": "KC", "heart": "3H", "shown_by": 2, "shown": "3H"}
    >>> print(bot.guess(log_of(mine, theirs, {"ask": 2, "face": "QC", "heart": "3H",
    ...                                             "shown_by": 1}, again))[2])
    KC and 2H are the only cards I have not seen yet, so they must be the solution.
    """

    name = "checklist"

    def question(self, log: FiveSonsLog) -> tuple[Card, Card, Text]:
        """A face and a heart not ticked off yet: asking about a ticked card can only show
        that card again, so a beginner's notes sheet points at the others."""
        faces, hearts, _ = self._open(log)
        face, heart = self.rng.choice(faces), self.rng.choice(hearts)
        return face, heart, Text("fivesons.bot.ask_unticked", face=face, heart=heart)

    def guess(self, log: FiveSonsLog) -> tuple[Card, Card, Text] | None:
        faces, hearts, unanswered = self._open(log)
        if len(faces) != 1 or len(hearts) != 1:
            return None
        key = "guess_unanswered" if {*faces, *hearts} <= unanswered else "guess_unticked"
        return faces[0], hearts[0], Text(f"fivesons.bot.{key}", face=faces[0], heart=hearts[0])

    @staticmethod
    def _open(log: FiveSonsLog) -> tuple[list[Card], list[Card], set[Card]]:
        """The faces and hearts it cannot rule out (not held, not shown to it; only the
        cards of the solution where a question of its own went unanswered), and those."""
        ticked = set(log.hand)
        solution: set[Card] = set()
        for event in log.events:
            if isinstance(event, AskSeen) and event.seat == log.me:
                if event.shown is not None:
                    ticked.add(event.shown)
                elif event.shown_by is None:
                    solution |= {event.face, event.heart} - ticked

        def candidates(group: tuple[Card, ...]) -> list[Card]:
            unticked = [card for card in group if card not in ticked]
            return [card for card in unticked if card in solution] or unticked
        return candidates(log.rules.faces), candidates(log.rules.hearts), solution


class RandomBot(FiveSonsBot):
    """Random questions; guesses only when certain."""

    name = "random"


class LogicianBot(FiveSonsBot):
    """Asks about a face and a heart whose places it has not settled."""

    name = "logician"

    def question(self, log: FiveSonsLog) -> tuple[Card, Card, Text]:
        knowledge = self.knowledge(log)
        face = self._pick(knowledge, log.rules.faces)
        heart = self._pick(knowledge, log.rules.hearts)
        return face, heart, Text("fivesons.bot.ask_unsettled", face=face, heart=heart)

    def _pick(self, knowledge: FiveSonsKnowledge, group: tuple[Card, ...]) -> Card:
        unsettled = [card for card in group if card in knowledge.counts.at
                     and 0 < knowledge.counts.at[card][SOLUTION] < knowledge.worlds]
        if unsettled:
            return self.rng.choice(unsettled)
        # Everything in this group is settled: name a card nobody can show, so
        # that whatever is shown is about the other card.
        mine = [card for card in group if card in knowledge.log.hand]
        hidden = [card for card in group if card in knowledge.counts.at
                  and knowledge.counts.at[card][SOLUTION] == knowledge.worlds]
        return self.rng.choice(mine or hidden or list(group))


class InfoGainBot(LogicianBot):
    """Asks the question with the highest expected information about the solution."""

    name = "infogain"

    def question(self, log: FiveSonsLog) -> tuple[Card, Card, Text]:
        knowledge = self.knowledge(log)
        candidates = self._shortlist(knowledge)
        if not candidates:
            return super().question(log)
        before = entropy(knowledge.counts.pairs.values())
        scored = [(before - expected_entropy(log, face, heart), face, heart)
                  for face, heart in candidates]
        gain, face, heart = max(scored, key=lambda s: (s[0], -candidates.index((s[1], s[2]))))
        return face, heart, Text("fivesons.bot.ask_infogain", face=face, heart=heart,
                                 bits=Number(gain, 2))

    def _shortlist(self, knowledge: FiveSonsKnowledge) -> list[tuple[Card, Card]]:
        """The questions about unsettled cards, most uncertain first."""
        def uncertainty(card: Card) -> float:
            p = knowledge.probability(card, SOLUTION) if card in knowledge.counts.at else 0.0
            return p * (1 - p)
        faces = sorted(knowledge.log.rules.faces, key=uncertainty, reverse=True)
        hearts = sorted(knowledge.log.rules.hearts, key=uncertainty, reverse=True)
        pairs = [(f, h) for f in faces[:3] for h in hearts[:3]
                 if uncertainty(f) > 0 or uncertainty(h) > 0]
        pairs.sort(key=lambda p: uncertainty(p[0]) + uncertainty(p[1]), reverse=True)
        return pairs[:SHORTLIST]


def entropy(weights: Iterable[float]) -> float:
    """Shannon entropy in bits of a distribution given by (unnormalised) weights.

    >>> entropy([1, 1]), entropy([1, 1, 2]), entropy([1, 1, 1, 1])
    (1.0, 1.5, 2.0)
    """
    weights = [w for w in weights if w]
    total = sum(weights)
    return -sum(w / total * math.log2(w / total) for w in weights) if total else 0.0


#: What an asker who sees a card shown mixes: the responder holds only that card (weight 1),
#: or holds both and showed this one (weight 1/2).
SHOWN_MIX = ((1.0, False), (0.5, True))


def expected_entropy(log: FiveSonsLog, face: Card, heart: Card) -> float:
    """Average entropy of the solution after asking, over every answer the asker could see.

    A responder holding both cards is taken to show either with equal chance,
    so what the asker sees mixes "holds only this one" with half of "holds both".
    """
    me, players = log.me, log.rules.players
    assert me is not None, "only a seat asks"
    answers: list[tuple[float, float]] = []
    for step in range(1, players + 1):
        shower = None if step == players else (me + step) % players
        for shown in ((None,) if shower is None else (face, heart)):
            event = AskSeen(me, face, heart, shower, shown)
            answer = mixed_answer((weight, _counts_with(log, event, holds_other))
                                  for weight, holds_other in SHOWN_MIX
                                  if shower is not None or not holds_other)
            if answer is not None:
                answers.append(answer)
    return average_entropy(answers)


def mixed_answer(weighted: Iterable[tuple[float, Counts | None]]) -> tuple[float, float] | None:
    """One answer's weight and the solution's entropy after it, from the counts it mixes,
    each with its weight (None: that case cannot happen); None if no case can.

    >>> mixed_answer([(1.0, None)]) is None
    True
    """
    mixture: dict[tuple[Card, Card], float] = {}
    for weight, counts in weighted:
        for pair, n in (counts.pairs.items() if counts else ()):
            mixture[pair] = mixture.get(pair, 0.0) + weight * n
    return (sum(mixture.values()), entropy(mixture.values())) if mixture else None


def average_entropy(answers: list[tuple[float, float]]) -> float:
    """The entropy after an answer, averaged over the answers by their weights.

    >>> average_entropy([(1.0, 2.0), (3.0, 1.0)]), average_entropy([])
    (1.25, 0.0)
    """
    total = sum(weight for weight, _ in answers)
    return sum(weight / total * h for weight, h in answers) if total else 0.0


def _counts_with(log: FiveSonsLog, event: AskSeen, holds_other: bool) -> Counts | None:
    """Exact counts after `event`, with the shower also holding (or lacking) the other card."""
    try:
        evidence = Evidence.from_log(replace(log, events=(*log.events, event)))
    except CardlabError:
        return None
    problem = evidence.problem()
    if event.shown_by is not None:
        other = event.heart if event.shown == event.face else event.face
        if other in problem.allowed:
            places = problem.allowed[other]
            allowed = places & {event.shown_by} if holds_other else places - {event.shown_by}
            problem = replace(problem, allowed={**problem.allowed, other: allowed})
        elif holds_other:
            return None
    try:
        return count_deals(problem)
    except CardlabError:  # too hard to count exactly: this answer is left out of the average
        return None


BOTS = {bot.name: bot for bot in (ChecklistBot, RandomBot, LogicianBot, InfoGainBot)}


def make_bot(name: str, seed: int | None = None) -> FiveSonsBot:
    """A bot by name, with its own random source."""
    if name not in BOTS:
        raise CardlabError("fivesons.bot.unknown", name=name, choices=", ".join(BOTS))
    return BOTS[name](random.Random(seed))
