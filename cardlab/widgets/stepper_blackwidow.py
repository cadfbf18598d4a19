"""A Black Widow game as the stepper tells it: card by card and trick by trick, seat by seat.

The record is replayed once in Python; after every step each seat's view
(`cardlab.blackwidow.view.seat_view`) is kept. Sentences and the
card-counting graph come from the chosen seat's view only: what another seat
passed stays private, and the graph never sees the deal.

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

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from cardlab.blackwidow import narration
from cardlab.blackwidow.actions import Moon, MoonChoice, Pass, Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.decisions import Event
from cardlab.graphs import blackwidow_graph
from cardlab.i18n import message

if TYPE_CHECKING:
    import networkx as nx


@dataclass(frozen=True)
class Step:
    """What one step told, and every seat's view after it."""

    hand: int
    events: tuple[Event, ...]
    views: tuple[BlackWidowView, ...]
    #: Tricks completed in this hand after the step.
    tricks: int
    trick_end: bool


class BlackWidowStory:
    """The plays and tricks of one Black Widow game, told and counted from each seat."""

    game = "blackwidow"
    views = ("graph",)

    def __init__(self, record: BlackWidowRecord, lang: str = "en",
                 seats: Sequence[int] | None = None) -> None:
        """`seats`: the views offered (default every seat; a learner's replay: their own)."""
        BlackWidowGame.from_record(record)      # refuses an illegal record, naming the play
        self.rules = record.rules
        self.seats = tuple(range(record.rules.players) if seats is None else seats)
        self.lang = lang
        self.steps = _replay(record)
        self.count = len(self.steps) - 1
        self._knowledge = lru_cache(maxsize=64)(self._count)

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
        return [(message("stepper.seat", self.lang, seat=seat), seat) for seat in self.seats]

    @property
    def places(self) -> list[tuple[str, str]]:
        """(label, graph node) of each seat, for the graph's focus."""
        return [(message("stepper.seat", self.lang, seat=seat), str(seat))
                for seat in range(self.rules.players)]

    @property
    def cards(self) -> list[tuple[str, str]]:
        """(full name, code) of every card dealt, for the graph's focus."""
        return [(card.name(self.lang), card.code) for card in self.rules.deck]

    def status(self, after: int) -> str:
        """Where the stepper stands: the step, the hand and the tricks done."""
        step = self.steps[after]
        return message("stepper_bw.status", self.lang, after=after, count=self.count,
                       hand=step.hand + 1, tricks=step.tricks)

    def sentences(self, who: int, after: int) -> list[str]:
        """Step `after` in words, as seat `who` may hear it."""
        return [event.told_to(who).text(self.lang) for event in self.steps[after].events]

    def knowledge(self, who: int, after: int) -> BlackWidowKnowledge:
        """Seat `who`'s exact card counting after step `after`."""
        return self._knowledge(who, after)

    def graph(self, who: int, after: int) -> nx.DiGraph:
        """Where the unseen cards can be, as seat `who` sees it after step `after`."""
        return blackwidow_graph(self.knowledge(who, after), self.lang)

    def previous(self, who: int, after: int) -> nx.DiGraph | None:
        """The graph one step earlier, if that step was in the same hand."""
        if not after or self.steps[after - 1].hand != self.steps[after].hand:
            return None
        return self.graph(who, after - 1)

    def certainties(self, who: int, after: int) -> list[str]:
        """Why cards still out became certain at this step (each reason once)."""
        before = self.previous(who, after)
        if before is None:
            return []
        graph = self.graph(who, after)
        reasons: list[str] = []
        for u, v, data in graph.edges(data=True):
            if (data["kind"] in ("holds", "lacks") and not graph.nodes[v]["played"]
                    and (not before.has_edge(u, v) or before.edges[u, v]["kind"] != data["kind"])
                    and data["why"] and data["why"] not in reasons):
                reasons.append(data["why"])
        return reasons

    def jumps(self) -> list[int]:
        """The steps that end a trick (or a hand's passing): where 'trick' jumps go."""
        return [i for i, step in enumerate(self.steps) if step.trick_end]

    def _count(self, who: int, after: int) -> BlackWidowKnowledge:
        return BlackWidowKnowledge.from_view(self.steps[after].views[who])


def _replay(record: BlackWidowRecord) -> list[Step]:
    """Replay `record` (already checked), keeping every seat's view after each step.

    Step 0 is the first deal; then each hand's passing (one step), each card
    played (with the trick it ends and the score), and each later deal.
    """
    rules = record.rules
    game = BlackWidowGame(rules, random.Random(0), [0] * rules.players)  # deals: the record's
    steps: list[Step] = []

    def keep(events: list[Event], trick_end: bool = False) -> None:
        hand = game.hand
        views = tuple(seat_view(game, seat) for seat in range(rules.players))
        steps.append(Step(hand.number, tuple(events), views, len(hand.plays) // rules.players,
                          trick_end))

    for entry in record.hands:
        hand = game.start_hand(entry.deal)
        keep([narration.dealt(hand.number, rules.pass_direction(hand.number))], trick_end=True)
        passes = [game.apply(Pass(seat, cards)) for seat, cards in enumerate(entry.passes or ())
                  if cards is not None]
        if passes:
            keep([event for events in passes for event in events], trick_end=True)
        for card in entry.plays:
            events = game.apply(Play(game.hand.to_play(), card))
            keep(events, trick_end=len(game.hand.plays) % rules.players == 0)
        if entry.moon is not None:
            shooter = game.hand.shooter()
            assert shooter is not None
            keep(game.apply(Moon(shooter, MoonChoice(entry.moon))), trick_end=True)
    return steps
