"""Where the cards of the current hand can be, as one Black Widow seat sees it: a networkx graph.

Besides the seats and cards of every graph (`cardlab.graphs`), card nodes
carry `played`, and the reasons name plays, passes and voids.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.knowledge import BlackWidowKnowledge
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> graph = blackwidow_graph(BlackWidowKnowledge.from_view(seat_view(game, 0)))
>>> graph.graph["game"], sorted({data["kind"] for _, data in graph.nodes(data=True)})
('blackwidow', ['card', 'seat'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.graphs import add_card, add_own_hand, add_seats, location_edge
from cardlab.i18n import Text

if TYPE_CHECKING:
    import networkx as nx


def blackwidow_graph(knowledge: BlackWidowKnowledge, lang: str = "en") -> nx.DiGraph[str]:
    """Where the cards of the current hand can be, as one Black Widow seat sees it."""
    view = knowledge.view
    rules = view.rules
    import networkx as nx

    graph: nx.DiGraph[str] = nx.DiGraph(
        game="blackwidow", perspective=view.me, after=len(view.plays),
        worlds=str(knowledge.worlds),
        title=Text("blackwidow.graph.title", seat=view.me, plays=len(view.plays)).text(lang))
    sizes = [view.held_by(seat) for seat in range(rules.players)]
    add_seats(graph, rules.players, sizes, view.me, lang)
    played = {card: (number, seat) for number, (seat, card) in enumerate(view.plays, start=1)}
    for card in rules.deck:
        add_card(graph, card, lang, group=card.suit.letter, played=card in played)
    add_own_hand(graph, view.me, view.hand, rules.deck, lang)
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
                location_edge(graph, str(seat), card, 0, 1, reason, lang)
                continue
            n = knowledge.counts.at[card][seat]
            if card in passed and seat == view.passed_to:
                reason = Text("blackwidow.graph.passed_by_me", card=card, seat=seat)
            elif card in passed:
                reason = Text("blackwidow.graph.held_elsewhere", card=card, seat=view.passed_to)
            elif (seat, card.suit) in voids:
                reason = Text("blackwidow.graph.void", seat=seat, suit=card.suit,
                              play=voids[seat, card.suit])
            elif n == 0:
                reason = Text("graph.none_of", worlds=knowledge.worlds, card=card,
                              seat=seat)
            elif n == knowledge.worlds:
                reason = Text("graph.all_of", worlds=knowledge.worlds, card=card,
                              seat=seat)
            location_edge(graph, str(seat), card, n, knowledge.worlds, reason, lang)
    return graph
