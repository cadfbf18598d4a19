"""The knowledge graph of one Five Sons perspective, as a networkx graph.

Besides the seats and cards of every graph (`cardlab.graphs`), a Five Sons
graph has a `solution` node and a `clause` node for every "at least one of"
constraint, joined to its seat (edge kind `clause`) and to its two cards
(edge kind `clause_card`).

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.knowledge import FiveSonsKnowledge
>>> game = FiveSonsGame.deal(FiveSonsRules(), seed=1)
>>> graph = fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(2)))
>>> sorted({data["kind"] for _, data in graph.nodes(data=True)})
['card', 'seat', 'solution']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.reasoning import to_learner
from cardlab.graphs import (
    add_card,
    add_own_hand,
    add_seats,
    add_solution,
    location_edge,
    perspective,
)
from cardlab.i18n import Count, Text

if TYPE_CHECKING:
    import networkx as nx


def fivesons_graph(knowledge: FiveSonsKnowledge, lang: str = "en",
                   you: bool = False) -> nx.DiGraph[str]:
    """The knowledge graph of one Five Sons perspective; `you`: drawn for the reader at that
    seat (the learner after their game), who is called "you", not "Seat 0".

    >>> from cardlab.fivesons.record import example_log
    >>> graph = fivesons_graph(FiveSonsKnowledge.from_log(example_log()), you=True)
    >>> graph.graph["title"], graph.nodes["0"]["label"]
    ('What you know after 1 event', 'You')
    """
    log = knowledge.log
    rules = log.rules
    after = len(log.events)
    events = Count("count.of_events", after)
    you = you and log.me is not None
    title = (Text("fivesons.graph.title_public", after=events) if log.me is None else
             Text("fivesons.graph.title_you", after=events) if you else
             Text("fivesons.graph.title_seat", seat=log.me, after=events))
    import networkx as nx  # loaded when a graph is drawn, not with every app

    graph: nx.DiGraph[str] = nx.DiGraph(game="fivesons", perspective=perspective(log.me),
                                        after=after, worlds=str(knowledge.worlds),
                                        title=title.text(lang))
    add_seats(graph, rules.players, rules.hand_sizes, log.me, lang, you)
    add_solution(graph, 2, Text("fivesons.graph.solution_cards"), lang)
    for card in rules.deck:
        add_card(graph, card, lang, group="face" if card in rules.faces else "heart")
    add_own_hand(graph, log.me, log.hand, rules.deck, lang, you)
    why = {(fact.card, fact.place): to_learner(fact.reason) if you else fact.reason
           for fact in knowledge.facts}
    for card, by_place in knowledge.counts.at.items():
        for place, n in by_place.items():
            location_edge(graph, str(place), card, n, knowledge.worlds, why.get((card, place)),
                           lang)
    for clause in knowledge.clauses:
        node = f"clause:{clause.event}:{clause.seat}"
        graph.add_node(node, kind="clause", seat=clause.seat, event=clause.event,
                       label=Text("fivesons.graph.clause", seat=clause.seat, face=clause.face,
                                  heart=clause.heart, event=clause.event).text(lang))
        graph.add_edge(str(clause.seat), node, kind="clause")
        for card in (clause.face, clause.heart):
            graph.add_edge(node, card.code, kind="clause_card")
    return graph
