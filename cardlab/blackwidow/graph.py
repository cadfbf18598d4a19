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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.cards import CardName
from cardlab.graphs import add_card, add_own_hand, add_seats, location_edge
from cardlab.i18n import Number, Text

if TYPE_CHECKING:
    import networkx as nx


def blackwidow_graph(knowledge: BlackWidowKnowledge, lang: str = "en",
                     names: Callable[[int], str] | None = None) -> nx.DiGraph[str]:
    """Where the cards of the current hand can be, as one Black Widow seat sees it.

    With `names` (how the table calls each seat) the graph is drawn for the learner at that
    seat: "as you see them", "You", the other seats by their names, and reasons that speak
    to the learner and name cards in full.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> view = seat_view(game, 0)
    >>> graph = blackwidow_graph(BlackWidowKnowledge.from_view(view), "de", "Platz {}".format)
    >>> graph.nodes["0"]["label"], graph.edges["0", view.hand[0].code]["why"]
    ('Du', 'Die Kreuz-Zwei ist in deiner Hand.')
    """
    view = knowledge.view
    rules = view.rules
    you = names is not None
    import networkx as nx

    title = Text("blackwidow.graph_you.title", plays=len(view.plays)) if you else \
        Text("blackwidow.graph.title", seat=view.me, plays=len(view.plays))
    graph: nx.DiGraph[str] = nx.DiGraph(
        game="blackwidow", perspective=view.me, after=len(view.plays),
        worlds=str(knowledge.worlds), title=title.text(lang))
    sizes = [view.held_by(seat) for seat in range(rules.players)]
    add_seats(graph, rules.players, sizes, view.me, lang, you, names)
    played = {card: (number, seat) for number, (seat, card) in enumerate(view.plays, start=1)}
    for card in rules.deck:
        add_card(graph, card, lang, group=card.suit.letter, played=card in played)
    add_own_hand(graph, view.me, view.hand, rules.deck, lang, you)
    voids = {(void.seat, void.suit): void.play for void in knowledge.voids}
    passed = set(view.passed or ()) if view.received is not None else set()
    reasons = _Reasons(view.me, names)
    for card in rules.deck:
        if card in view.hand:
            continue
        for seat in knowledge.seats:
            if card in played:
                number, by = played[card]
                location_edge(graph, str(seat), card, 0, 1,
                              reasons.say("played", by, card=card, play=number), lang)
                continue
            n = knowledge.counts.at[card][seat]
            reason: Text | None = None
            if card in passed and seat == view.passed_to:
                reason = reasons.say("passed_by_me", seat, card=card)
            elif card in passed:
                reason = reasons.say("held_elsewhere", view.passed_to, card=card)
            elif (seat, card.suit) in voids:
                reason = reasons.say("void", seat, suit=card.suit, play=voids[seat, card.suit])
            elif n in (0, knowledge.worlds):
                reason = reasons.say("none_of" if n == 0 else "all_of", seat, card=card,
                                     worlds=knowledge.worlds)
            location_edge(graph, str(seat), card, n, knowledge.worlds, reason, lang)
    return graph


class _Reasons:
    """The graph's reasons: as the seat's own notes ("I passed ..."), or, with `names`,
    told to the learner there ("You passed the Jack of Clubs to Seat 1 (Beginner).")."""

    def __init__(self, me: int, names: Callable[[int], str] | None) -> None:
        self.me, self.names = me, names

    def say(self, what: str, seat: int | None, **params: Any) -> Text:
        """The reason `what` about `seat` (the one who played, passed to, or lacks)."""
        if self.names is None:
            key = f"graph.{what}" if what in _SHARED else f"blackwidow.graph.{what}"
            return Text(key, seat=seat, **params)
        if "card" in params:
            params["card"] = CardName(params["card"])
        if "worlds" in params:
            params["worlds"] = Number(params["worlds"])
        if seat == self.me:
            return Text(f"blackwidow.graph_you.{what}_you", **params)
        assert seat is not None
        return Text(f"blackwidow.graph_you.{what}", name=self.names(seat), **params)


#: The reasons every game's graph words alike (the catalogue's `graph` section).
_SHARED = ("played", "none_of", "all_of")
