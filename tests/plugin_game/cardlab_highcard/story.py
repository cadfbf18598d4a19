"""High Card as the stepper tells it: play by play, from one seat, with that seat's graph.

A seat knows its own cards and every card played; every other spade may be
in another seat's hand or not dealt at all. The graph counts the deals that
fit exactly, with the shared helpers of `cardlab.graphs`.

>>> from cardlab_highcard.entry import HighCard
>>> entry = HighCard()
>>> story = entry.story(entry.example(entry.read_rules({"players": 2}), ["high"] * 2, 3), "en")
>>> story.count, story.jumps(), story.sentences(0, 0)
(6, [2, 4, 6], [])
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import networkx as nx

from cardlab.decisions import CHANCE, Event
from cardlab.graphs import add_card, add_own_hand, add_seats, location_edge
from cardlab.i18n import Text, message
from cardlab.replay import Step, replay
from cardlab_highcard.game import (
    DECK,
    EventKind,
    HighCardGame,
    HighCardRecord,
    HighCardView,
)


class HighCardStory:
    """The plays of one High Card game, told and counted from each seat."""

    game = "highcard"
    views = ("graph",)

    def __init__(self, record: HighCardRecord, lang: str = "en") -> None:
        self.record = record
        self.lang = lang
        self.players = record.rules.players
        self.count = len(record.plays)
        steps: list[Step] = []
        game = HighCardGame.undealt(record.rules)
        replay(game, game.recorded(record), steps.append)
        #: What each play told (nothing before the first).
        self.told: list[list[Event[EventKind]]] = [[], *(
            step.events for step in steps if step.seat != CHANCE)]
        self._graph = lru_cache(maxsize=64)(self._draw)

    @property
    def perspectives(self) -> list[tuple[str, int]]:
        """Each seat: a seat's view is the one with a hand to count from."""
        return [(message("highcard.story.seat", self.lang, seat=seat), seat)
                for seat in range(self.players)]

    @property
    def places(self) -> list[tuple[str, str]]:
        """Each seat, for the graph's focus."""
        return [(label, str(seat)) for label, seat in self.perspectives]

    @property
    def cards(self) -> list[tuple[str, str]]:
        """Every spade, for the graph's focus."""
        return [(card.name(self.lang), card.code) for card in DECK]

    def status(self, after: int) -> str:
        """The play and the rounds done."""
        return message("highcard.story.status", self.lang, after=after, count=self.count,
                       rounds=after // self.players)

    def sentences(self, who: int, after: int) -> list[str]:
        """Play `after` in words: every seat sees every play."""
        return [event.text.text(self.lang) for event in self.told[after]]

    def view(self, who: int, after: int) -> HighCardView:
        """What seat `who` knew after `after` plays."""
        record = HighCardRecord(self.record.rules, self.record.deal, self.record.plays[:after])
        game = HighCardGame.undealt(record.rules)
        return replay(game, game.recorded(record)).view(who)

    def graph(self, who: int, after: int) -> nx.DiGraph:
        """Where the spades can be, as seat `who` sees it after `after` plays."""
        return self._graph(who, after)

    def previous(self, who: int, after: int) -> nx.DiGraph | None:
        """The graph one play earlier (None before the first)."""
        return self.graph(who, after - 1) if after else None

    def certainties(self, who: int, after: int) -> list[str]:
        """Why cards became certain at this play, each reason once."""
        before = self.previous(who, after)
        if before is None:
            return []
        graph = self.graph(who, after)
        reasons: list[str] = []
        for u, v, data in graph.edges(data=True):
            if u == str(who) or data["kind"] == "may_hold" or data["why"] in reasons:
                continue                # the seat's own cards are no news to it
            if not before.has_edge(u, v) or before.edges[u, v]["kind"] != data["kind"]:
                reasons.append(data["why"])
        return reasons

    def jumps(self) -> list[int]:
        """The plays that end a round."""
        return list(range(self.players, self.count + 1, self.players))

    def jump_labels(self) -> tuple[str, str]:
        """The jump buttons go a round back and on."""
        return (message("highcard.story.back_round", self.lang),
                message("highcard.story.next_round", self.lang))

    def _draw(self, who: int, after: int) -> nx.DiGraph:
        view = self.view(who, after)
        held = [self.record.rules.hand_size - sum(1 for seat, _ in view.plays if seat == other)
                for other in range(self.players)]
        played = {card: (number, seat) for number, (seat, card) in enumerate(view.plays, 1)}
        unseen = [card for card in DECK if card not in view.hand and card not in played]
        others = [seat for seat in range(self.players) if seat != who]
        worlds = _deals(len(unseen), [held[seat] for seat in others])
        graph = nx.DiGraph(game=self.game, perspective=who, after=after, worlds=str(worlds),
                           title=message("highcard.story.graph_title", self.lang, seat=who,
                                         after=after))
        add_seats(graph, self.players, held, who, self.lang)
        for card in DECK:
            add_card(graph, card, self.lang, group=card.suit.letter, played=card in played)
        add_own_hand(graph, who, view.hand, DECK, self.lang)
        for card in DECK:
            if card in view.hand:
                continue
            for seat in others:
                if card in played:
                    number, by = played[card]
                    location_edge(graph, str(seat), card, 0, 1,
                                  Text("graph.played", card=card, seat=by, play=number),
                                  self.lang)
                    continue
                n = worlds * held[seat] // len(unseen)
                reason = Text("graph.none_of", worlds=worlds, card=card, seat=seat) if n == 0 \
                    else Text("graph.all_of", worlds=worlds, card=card, seat=seat)
                location_edge(graph, str(seat), card, n, worlds, reason, self.lang)
        return graph


def _deals(unseen: int, sizes: list[int]) -> int:
    """How many ways `unseen` cards fill hands of `sizes` (the rest not dealt).

    >>> _deals(4, [1, 2])
    12
    """
    ways, left = 1, unseen
    for size in sizes:
        ways *= comb(left, size)
        left -= size
    return ways
