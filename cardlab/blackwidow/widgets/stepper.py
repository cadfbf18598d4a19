"""A Black Widow game as the stepper tells it: card by card and trick by trick, seat by seat.

The engine replays the record once (`BlackWidowGame.from_record`, which
refuses an illegal one); each step keeps its events and where the hand stood
after it. A seat's view (`cardlab.blackwidow.view.seat_view`) of a step, its
card counting, graph and certainties are worked out when the step is shown,
and the last few are kept: loading a long game costs one replay. Sentences
and the card-counting graph come from the chosen seat's view only: what
another seat passed stays private, and the graph never sees the deal.

>>> from cardlab.blackwidow.match import play_game
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = play_game(BlackWidowRules(), ["heuristic"] * 4, seed=3, hands=1)
>>> story = BlackWidowStory.from_game(game)
>>> story.count, story.sentences(2, 0)
(53, ['Hand 1 is dealt: pass three cards to the left.'])
>>> story.sentences(2, 1)[0]
'Seat 0 passed three cards to seat 1.'
>>> story.sentences(2, 2)
['Seat 0 played the Two of Clubs.']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardlab import replay as replayed
from cardlab.blackwidow.actions import Deal, Pass, Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.graph import blackwidow_graph
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.narration import BlackWidowEvent, addressed
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.i18n import Count, message

if TYPE_CHECKING:
    import networkx as nx

#: Steps whose views, counting, graphs and certainties are kept (back and next reuse them).
KEPT = 64


@dataclass(frozen=True)
class Step:
    """What one step told, and where its hand stood after it."""

    #: The hand, counted from 0.
    hand: int
    events: tuple[BlackWidowEvent, ...]
    #: The hand's passes are made (once all are, the cards have moved).
    passed: bool
    #: Cards played in this hand after the step, and the tricks they completed.
    plays: int
    tricks: int
    trick_end: bool


class BlackWidowStory:
    """The plays and tricks of one Black Widow game, told and counted from each seat."""

    game = "blackwidow"
    views = ("graph",)

    def __init__(self, record: BlackWidowRecord, lang: str = "en",
                 seats: Sequence[int] | None = None, you: int | None = None) -> None:
        """`seats`: the views offered (default every seat; a learner's replay: their own).
        `you`: the learner's seat, in a replay of their own game: called "You" everywhere,
        its sentences, graph and certainties told to them."""
        self.rules = record.rules
        self.seats = tuple(range(record.rules.players) if seats is None else seats)
        self.lang = lang
        self.you = you
        steps = _Steps(record.rules.players)
        self._game = BlackWidowGame.from_record(record, told=steps.hear)   # refuses an illegal
        self.steps = steps.steps                                           # record, naming it
        self.count = len(self.steps) - 1
        self._view = lru_cache(maxsize=KEPT)(self._seat_view)
        self._knowledge = lru_cache(maxsize=KEPT)(self._count)
        self._graph = lru_cache(maxsize=KEPT)(self._draw)
        self._certainties = lru_cache(maxsize=KEPT)(self._new_certainties)

    @classmethod
    def from_game(cls, game: BlackWidowGame, lang: str = "en") -> BlackWidowStory:
        """The game so far."""
        return cls(game.to_record(), lang)

    @classmethod
    def from_record(cls, record: BlackWidowRecord, lang: str = "en") -> BlackWidowStory:
        """A full record."""
        return cls(record, lang)

    @property
    def perspectives(self) -> list[tuple[str, int]]:
        """(label, seat) of each seat: a seat's view is the only one with a hand to count from."""
        return [(self._name(seat), seat) for seat in self.seats]

    @property
    def places(self) -> list[tuple[str, str]]:
        """(label, graph node) of each seat, for the graph's focus."""
        return [(self._name(seat), str(seat)) for seat in range(self.rules.players)]

    @property
    def cards(self) -> list[tuple[str, str]]:
        """(full name, code) of every card dealt, for the graph's focus."""
        return [(card.name(self.lang), card.code) for card in self.rules.deck]

    def status(self, after: int) -> str:
        """Where the stepper stands: the step, the hand and the tricks done."""
        step = self.steps[after]
        return message("blackwidow.stepper.status", self.lang, after=after, count=self.count,
                       hand=step.hand + 1,
                       tricks=Count("count.tricks", step.tricks).label(self.lang))

    def sentences(self, who: int, after: int) -> list[str]:
        """Step `after` in words, as seat `who` may hear it (the learner: told to them)."""
        if who == self.you:
            return [addressed(event, who).text(self.lang) for event in self.steps[after].events]
        return [event.told_to(who).text(self.lang) for event in self.steps[after].events]

    def view(self, who: int, after: int) -> BlackWidowView:
        """What seat `who` knows of its hand after step `after`."""
        return self._view(who, after)

    def knowledge(self, who: int, after: int) -> BlackWidowKnowledge:
        """Seat `who`'s exact card counting after step `after`."""
        return self._knowledge(who, after)

    def graph(self, who: int, after: int) -> nx.DiGraph[str]:
        """Where the unseen cards can be, as seat `who` sees it after step `after`
        (kept for a while: do not change it)."""
        return self._graph(who, after)

    def previous(self, who: int, after: int) -> nx.DiGraph[str] | None:
        """The graph one step earlier, if that step was in the same hand."""
        if not after or self.steps[after - 1].hand != self.steps[after].hand:
            return None
        return self.graph(who, after - 1)

    def certainties(self, who: int, after: int) -> list[str]:
        """Why cards still out became certain at this step (each reason once)."""
        return list(self._certainties(who, after))

    def jumps(self) -> list[int]:
        """The steps that end a trick (or a hand's passing): where 'trick' jumps go."""
        return [i for i, step in enumerate(self.steps) if step.trick_end]

    def step_before(self, kind: str, where: Mapping[str, Any]) -> int:
        """A reviewed decision's step (`where`: its `hand` from 1, and a play's number in it):
        a pass, the deal; a play, the step after the play before it; the moon, the last play.

        >>> from cardlab.blackwidow.match import play_game
        >>> from cardlab.blackwidow.rules import BlackWidowRules
        >>> story = BlackWidowStory.from_game(play_game(BlackWidowRules(), ["heuristic"] * 4,
        ...                                             seed=3, hands=1))
        >>> [story.step_before(kind, where) for kind, where in (
        ...     ("pass", {"hand": 1}), ("play", {"hand": 1, "play": 1}),
        ...     ("play", {"hand": 1, "play": 5}))]
        [0, 1, 5]
        """
        hand = int(where["hand"]) - 1
        in_hand = [i for i, step in enumerate(self.steps) if step.hand == hand]
        if not in_hand:
            return 0
        if kind == "pass":
            return in_hand[0]
        if kind == "moon":
            return max(in_hand, key=lambda i: (self.steps[i].plays, -i))
        plays = int(where["play"]) - 1
        before = [i for i in in_hand if self.steps[i].plays == plays]
        return before[-1] if before else in_hand[0]

    def jump_labels(self) -> tuple[str, str]:
        """The jump buttons go a trick back and on."""
        return (message("blackwidow.stepper.back_trick", self.lang),
                message("blackwidow.stepper.next_trick", self.lang))

    def _new_certainties(self, who: int, after: int) -> tuple[str, ...]:
        before = self.previous(who, after)
        if before is None:
            return ()
        graph = self.graph(who, after)
        reasons: list[str] = []
        for u, v, data in graph.edges(data=True):
            if (data["kind"] in ("holds", "lacks") and not graph.nodes[v]["played"]
                    and (not before.has_edge(u, v) or before.edges[u, v]["kind"] != data["kind"])
                    and data["why"] and data["why"] not in reasons):
                reasons.append(data["why"])
        return tuple(reasons)

    def _seat_view(self, who: int, after: int) -> BlackWidowView:
        step = self.steps[after]
        return seat_view(self._game, who, step.hand, step.plays, step.passed)

    def _count(self, who: int, after: int) -> BlackWidowKnowledge:
        return BlackWidowKnowledge.from_view(self.view(who, after))

    def _draw(self, who: int, after: int) -> nx.DiGraph[str]:
        names = self._name if who == self.you else None
        return blackwidow_graph(self.knowledge(who, after), self.lang, names)

    def _name(self, seat: int) -> str:
        return message("stepper.you" if seat == self.you else "stepper.seat", self.lang,
                       seat=seat)


class _Steps:
    """The steps of a replay, as the engine tells it: step 0 is the first deal; then each
    hand's passing (one step), each card played (with the trick it ends and the score),
    the moon choice, and each later deal."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.steps: list[Step] = []

    def hear(self, step: replayed.Step) -> None:
        """Note one replayed action (a deal: chance's) and what it told."""
        told = tuple(step.events)
        action = step.action
        if isinstance(action, Deal):
            hand = self.steps[-1].hand + 1 if self.steps else 0
            self.steps.append(Step(hand, told, passed=False, plays=0, tricks=0, trick_end=True))
            return
        last = self.steps[-1]
        if isinstance(action, Pass):
            if last.passed:                 # the passes are made together: one step
                self.steps[-1] = replace(last, events=last.events + told)
            else:
                self.steps.append(replace(last, events=told, passed=True, trick_end=True))
        elif isinstance(action, Play):
            plays = last.plays + 1
            self.steps.append(replace(last, events=told, plays=plays,
                                      tricks=plays // self.players,
                                      trick_end=plays % self.players == 0))
        else:
            self.steps.append(replace(last, events=told, trick_end=True))
