"""Knowledge graphs: what one perspective can infer, as networkx graphs, for both games.

Nodes have a `kind`: `seat`, `solution` (Five Sons), `card`, or `clause` (an
"at least one of" constraint). Between every location (each seat, and the
solution) and every card not in the observer's hand there is exactly one
edge, location to card, with `kind`:

- `holds`: certain; `why` says why in one sentence.
- `lacks`: certainly not; `why` says why.
- `may_hold`: uncertain; `p` is the exact probability (also on the other
  two, as 1.0 and 0.0), `share` the exact fraction "deals/worlds".

The observer's own seat holds its own cards (`holds`, "in my hand") and
lacks every other card. A clause node is joined to its seat (edge kind
`clause`) and to its two cards (edge kind `clause_card`). Card nodes carry
`suit`, `rank`, `label` (the full name) and, in Black Widow, `played`.

Graphs are built from the knowledge engines only, never from hidden state.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.knowledge import FiveSonsKnowledge
>>> game = FiveSonsGame.deal(FiveSonsRules(), seed=1)
>>> graph = fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(2)))
>>> sorted({data["kind"] for _, data in graph.nodes(data=True)})
['card', 'seat', 'solution']
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.cards import Card
from cardlab.counting import SOLUTION
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.i18n import Text

if TYPE_CHECKING:
    import networkx as nx


def fivesons_graph(knowledge: FiveSonsKnowledge, lang: str = "en") -> nx.DiGraph:
    """The knowledge graph of one Five Sons perspective."""
    log = knowledge.log
    rules = log.rules
    after = len(log.events)
    title = (Text("graph.title_fivesons_public", after=after) if log.me is None else
             Text("graph.title_fivesons_seat", seat=log.me, after=after))
    import networkx as nx  # loaded when a graph is drawn, not with every app

    graph: nx.DiGraph = nx.DiGraph(game="fivesons", perspective=_perspective(log.me), after=after,
                       worlds=str(knowledge.worlds), title=title.text(lang))
    _add_seats(graph, rules.players, rules.hand_sizes, log.me, lang)
    graph.add_node(SOLUTION, kind="solution", label=Text("graph.solution").text(lang), cards=2)
    for card in rules.deck:
        _add_card(graph, card, lang, group="face" if card in rules.faces else "heart")
    _add_own_hand(graph, log.me, log.hand, rules.deck, lang)
    why = {(fact.card, fact.place): fact.reason for fact in knowledge.facts}
    for card, by_place in knowledge.counts.at.items():
        for place, n in by_place.items():
            _location_edge(graph, str(place), card, n, knowledge.worlds, why.get((card, place)),
                           lang)
    for clause in knowledge.clauses:
        node = f"clause:{clause.event}:{clause.seat}"
        graph.add_node(node, kind="clause", seat=clause.seat, event=clause.event,
                       label=Text("graph.clause", seat=clause.seat, face=clause.face,
                                  heart=clause.heart, event=clause.event).text(lang))
        graph.add_edge(str(clause.seat), node, kind="clause")
        for card in (clause.face, clause.heart):
            graph.add_edge(node, card.code, kind="clause_card")
    return graph


def blackwidow_graph(knowledge: BlackWidowKnowledge, lang: str = "en") -> nx.DiGraph:
    """Where the cards of the current hand can be, as one Black Widow seat sees it."""
    view = knowledge.view
    rules = view.rules
    import networkx as nx

    graph: nx.DiGraph = nx.DiGraph(game="blackwidow", perspective=view.me, after=len(view.plays),
                       worlds=str(knowledge.worlds),
                       title=Text("graph.title_blackwidow", seat=view.me,
                                  plays=len(view.plays)).text(lang))
    sizes = [view.held_by(seat) for seat in range(rules.players)]
    _add_seats(graph, rules.players, sizes, view.me, lang)
    played = {card: (number, seat) for number, (seat, card) in enumerate(view.plays, start=1)}
    for card in rules.deck:
        _add_card(graph, card, lang, group=card.suit.letter, played=card in played)
    _add_own_hand(graph, view.me, view.hand, rules.deck, lang)
    voids = {(void.seat, void.suit): void.play for void in knowledge.voids}
    passed = set(view.passed or ()) if view.received is not None else set()
    for card in rules.deck:
        if card in view.hand:
            continue
        for seat in knowledge.seats:
            reason: Text | None = None
            if card in played:
                number, by = played[card]
                reason = Text("graph.played", card=card, seat=by, play=number)
                _location_edge(graph, str(seat), card, 0, 1, reason, lang)
                continue
            n = knowledge.counts.at[card][seat]
            if card in passed and seat == view.passed_to:
                reason = Text("graph.passed_by_me", card=card, seat=seat)
            elif card in passed:
                reason = Text("graph.held_elsewhere", card=card, seat=view.passed_to)
            elif (seat, card.suit) in voids:
                reason = Text("graph.void", seat=seat, suit=card.suit,
                              play=voids[seat, card.suit])
            elif n == 0:
                reason = Text("graph.none_of", worlds=knowledge.worlds, card=card, seat=seat)
            elif n == knowledge.worlds:
                reason = Text("graph.all_of", worlds=knowledge.worlds, card=card, seat=seat)
            _location_edge(graph, str(seat), card, n, knowledge.worlds, reason, lang)
    return graph


def to_json(graph: nx.DiGraph) -> str:
    """networkx node-link data as JSON text."""
    import networkx as nx

    return json.dumps(nx.node_link_data(graph), ensure_ascii=False)


def to_graphml(graph: nx.DiGraph) -> str:
    """The graph as GraphML text."""
    import networkx as nx

    buffer = io.BytesIO()
    nx.write_graphml(graph, buffer)
    return buffer.getvalue().decode("utf-8")


def _perspective(me: int | None) -> str:
    return "public" if me is None else str(me)


def _add_seats(graph: nx.DiGraph, players: int, sizes, me: int | None, lang: str) -> None:
    for seat in range(players):
        key = "graph.me" if seat == me else "graph.seat"
        graph.add_node(str(seat), kind="seat", seat=seat, me=seat == me, cards=sizes[seat],
                       label=Text(key, seat=seat).text(lang))


def _add_card(graph: nx.DiGraph, card: Card, lang: str, group: str, played: bool = False) -> None:
    graph.add_node(card.code, kind="card", suit=card.suit.letter, rank=card.rank.letter,
                   group=group, played=played, label=card.name(lang))


def _add_own_hand(graph: nx.DiGraph, me: int | None, hand, deck, lang: str) -> None:
    if me is None:
        return
    for card in deck:
        if card in hand:
            graph.add_edge(str(me), card.code, kind="holds", p=1.0, share="1/1",
                           why=Text("graph.in_my_hand", card=card).text(lang))
        else:
            graph.add_edge(str(me), card.code, kind="lacks", p=0.0, share="0/1",
                           why=Text("graph.not_mine", card=card).text(lang))


def _location_edge(graph: nx.DiGraph, place: str, card: Card, n: int, worlds: int,
                   reason: Text | None, lang: str) -> None:
    kind = "holds" if n == worlds else "lacks" if n == 0 else "may_hold"
    attrs = {"kind": kind, "p": float(Fraction(n, worlds)), "share": f"{n}/{worlds}"}
    if kind != "may_hold":
        attrs["why"] = reason.text(lang) if reason is not None else ""
    graph.add_edge(place, card.code, **attrs)
