"""Possible worlds (a Kripke model) of a small Five Sons game: who knows what, and who knows that.

A *world* is a deal of the cards, together with the card shown wherever the
responder held both cards asked about. A seat cannot tell two worlds apart
when it holds the same hand in both and saw the same shown cards (and, after
its own wrong guess, the same solution). Each question removes the worlds in
which someone else would have answered, and cuts the edges between worlds
that the asker (and the shower) can now tell apart.

>>> game = tiny_game()
>>> model = PossibleWorlds.from_game(game)
>>> len(model.worlds), model.knows_solution(0)
(36, False)
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlab.cards import Card, codes, parse_cards
from cardlab.errors import CardlabError
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import Ask, FullEvent, Guess
from cardlab.fivesons.rules import FiveSonsRules

if TYPE_CHECKING:
    import networkx as nx

#: Models larger than this are refused: they cannot be listed, let alone drawn.
MAX_WORLDS = 3000
#: Decks with more deals than this are refused before listing any: every deal is
#: checked against the events (about 30 microseconds each), however few fit.
MAX_DEALS = 100_000


@dataclass(frozen=True)
class World:
    """One way things could be: the solution, the hands, and the cards shown."""

    solution: tuple[Card, Card]
    hands: tuple[frozenset[Card], ...]
    shown: tuple[Card | None, ...]

    def signature(self, seat: int, events: tuple[FullEvent, ...]) -> tuple[object, ...]:
        """Everything `seat` has seen in this world: two worlds with equal signatures
        are the same to it."""
        seen: list[object] = [self.hands[seat]]
        asks = 0
        for event in events:
            if isinstance(event, Ask):
                responder = _responder(self.hands, event)
                if seat in (event.seat, responder):
                    seen.append(self.shown[asks])
                asks += 1
            elif isinstance(event, Guess) and event.seat == seat and (
                    event.face, event.heart) != self.solution:
                seen.append(self.solution)
        return tuple(seen)


@dataclass
class PossibleWorlds:
    """The worlds still possible after some events, and who can tell which apart."""

    rules: FiveSonsRules
    events: tuple[FullEvent, ...]
    worlds: list[World]
    real: int

    @classmethod
    def from_game(cls, game: FiveSonsGame, after: int | None = None) -> PossibleWorlds:
        """The model of `game` after its first `after` events (all by default).

        The real deal is the game's; the other worlds answer the same questions
        the way their own cards make them answer, and must agree with the
        table on who showed a card.
        """
        rules = game.rules
        if (deals := deal_count(rules)) > MAX_DEALS:
            raise CardlabError("fivesons.worlds.too_many_deals", count=deals, limit=MAX_DEALS)
        events = tuple(game.events[:after] if after is not None else game.events)
        real_hands = tuple(frozenset(hand) for hand in game.hands)
        worlds: list[World] = []
        responders = tuple(_responder(real_hands, event) for event in events
                           if isinstance(event, Ask))
        for solution, hands in _deals(rules):
            worlds += _worlds(solution, hands, events, responders)
            if len(worlds) > MAX_WORLDS:
                raise CardlabError("fivesons.worlds.too_many", count=f"> {MAX_WORLDS}",
                                   limit=MAX_WORLDS)
        real_shown = tuple(event.shown for event in events if isinstance(event, Ask))
        real = worlds.index(World(game.solution, real_hands, real_shown))
        return cls(rules, events, worlds, real)

    def indistinguishable(self, seat: int, world: int | None = None) -> list[int]:
        """The worlds `seat` cannot tell from `world` (the real one by default), itself included."""
        world = self.real if world is None else world
        mark = self.worlds[world].signature(seat, self.events)
        return [i for i, other in enumerate(self.worlds)
                if other.signature(seat, self.events) == mark]

    def knows_solution(self, seat: int, world: int | None = None) -> bool:
        """Does `seat` know the solution in `world` (the real one by default)?"""
        return len({self.worlds[i].solution for i in self.indistinguishable(seat, world)}) == 1

    def knows_that_knows(self, knower: int, seat: int, world: int | None = None) -> bool:
        """Does `knower` know that `seat` knows the solution?"""
        return all(self.knows_solution(seat, other)
                   for other in self.indistinguishable(knower, world))

    def graph(self) -> nx.Graph[int]:
        """The model as a networkx graph: worlds as nodes, an edge where some seats
        cannot tell two worlds apart, labelled with those seats (`seats`, "0 2")."""
        import networkx as nx  # loaded when the graph is drawn, not with every app

        graph: nx.Graph[int] = nx.Graph(after=len(self.events), real=self.real)
        for i, world in enumerate(self.worlds):
            graph.add_node(i, kind="world", real=i == self.real,
                           solution=" ".join(codes(world.solution)),
                           hands=" | ".join(" ".join(codes(sorted(h))) for h in world.hands))
        groups: dict[tuple[int, tuple[object, ...]], list[int]] = defaultdict(list)
        for i, world in enumerate(self.worlds):
            for seat in range(self.rules.players):
                groups[seat, world.signature(seat, self.events)].append(i)
        seats_between: dict[tuple[int, int], list[int]] = defaultdict(list)
        for (seat, _), members in groups.items():
            for a, b in itertools.combinations(members, 2):
                seats_between[a, b].append(seat)
        for (a, b), seats in seats_between.items():
            graph.add_edge(a, b, seats=" ".join(map(str, seats)))
        return graph


def _responder(hands: tuple[frozenset[Card], ...], event: Ask) -> int | None:
    players = len(hands)
    for step in range(1, players):
        seat = (event.seat + step) % players
        if event.face in hands[seat] or event.heart in hands[seat]:
            return seat
    return None


#: The smallest deck worth listing: three seats, faces J♣ Q♣ and hearts A♥ 2♥ 3♥ (36 deals).
TINY_RULES = FiveSonsRules(players=3, faces=parse_cards("JC QC"), hearts=parse_cards("AH 2H 3H"))


def tiny_game() -> FiveSonsGame:
    """Lesson 4's game on `TINY_RULES`: the solution J♣ + A♥; seats 0, 1, 2 hold Q♣, 2♥, 3♥.

    >>> [sorted(hand) for hand in tiny_game().hands]
    [[Card('QC')], [Card('2H')], [Card('3H')]]
    """
    jack, ace, queen, two, three = parse_cards("JC AH QC 2H 3H")
    return FiveSonsGame.start(TINY_RULES, (jack, ace), [(queen,), (two,), (three,)])


def deal_count(rules: FiveSonsRules) -> int:
    """How many deals the model walks through: each solution, each way to deal the rest.

    >>> deal_count(FiveSonsRules(players=4))
    1407929402880
    """
    ways = len(rules.faces) * len(rules.hearts) * math.factorial(rules.dealt_cards)
    for size in rules.hand_sizes:
        ways //= math.factorial(size)
    return ways


def _deals(rules: FiveSonsRules
           ) -> Iterator[tuple[tuple[Card, Card], tuple[frozenset[Card], ...]]]:
    """Every (solution, hands) of the game, hands dealt in the rules' sizes."""
    for face in rules.faces:
        for heart in rules.hearts:
            rest = [card for card in rules.deck if card not in (face, heart)]
            for hands in _split(rest, rules.hand_sizes):
                yield (face, heart), hands


def _split(cards: list[Card], sizes: tuple[int, ...]) -> Iterator[tuple[frozenset[Card], ...]]:
    if not sizes:
        yield ()
        return
    for hand in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in hand]
        for others in _split(rest, sizes[1:]):
            yield (frozenset(hand), *others)


def _worlds(solution: tuple[Card, Card], hands: tuple[frozenset[Card], ...],
            events: tuple[FullEvent, ...], responders: tuple[int | None, ...]) -> list[World]:
    """The worlds of one deal: none if another seat would answer, two per 'holds both' choice."""
    shows: list[tuple[Card | None, ...]] = [()]
    asks = [event for event in events if isinstance(event, Ask)]
    for event, real_responder in zip(asks, responders, strict=True):
        responder = _responder(hands, event)
        if responder != real_responder:
            return []
        if responder is None:
            shows = [(*s, None) for s in shows]
            continue
        held = [card for card in (event.face, event.heart) if card in hands[responder]]
        shows = [(*s, card) for s in shows for card in held]
    return [World(solution, hands, shown) for shown in shows]
