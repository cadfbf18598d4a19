"""Knowledge graphs as networkx graphs: the parts every game's graph shares, and export.

A game builds its graph (its `Knowing.graph`) from its knowledge engine only,
never from hidden state, with the helpers here. Nodes have a `kind`: `seat`,
`card`, `solution` where the game hides cards in the middle, and whatever else
the game adds (`clause` nodes, say). Between every location and every card
not in the observer's hand there is exactly one edge, location to card, with
`kind`:

- `holds`: certain; `why` says why in one sentence.
- `lacks`: certainly not; `why` says why.
- `may_hold`: uncertain; `p` is the exact probability (also on the other
  two, as 1.0 and 0.0), `share` the exact fraction "deals/worlds".

The observer's own seat holds its own cards (`holds`, "in my hand") and
lacks every other card. Card nodes carry `suit`, `rank`, `label` (the full
name), `group` and `played`.

>>> import networkx as nx
>>> from cardlab.cards import parse_cards
>>> graph = nx.DiGraph()
>>> add_seats(graph, 2, [1, 1], me=0, lang="en")
>>> for card in parse_cards("QS 3H"):
...     add_card(graph, card, "en", group=card.suit.letter)
>>> add_own_hand(graph, 0, parse_cards("QS"), parse_cards("QS 3H"), "en")
>>> location_edge(graph, "1", parse_cards("3H")[0], 1, 1, None, "en")
>>> sorted((a, b, d["kind"]) for a, b, d in graph.edges(data=True))
[('0', '3H', 'lacks'), ('0', 'QS', 'holds'), ('1', '3H', 'holds')]
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Collection, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlab.cards import Card, CardName, parse_cards
from cardlab.deal_counting import SOLUTION
from cardlab.i18n import Text

if TYPE_CHECKING:
    import networkx as nx


def to_json(graph: nx.DiGraph[str]) -> str:
    """networkx node-link data as JSON text."""
    import networkx as nx

    return json.dumps(nx.node_link_data(graph), ensure_ascii=False)


def to_graphml(graph: nx.DiGraph[str]) -> str:
    """The graph as GraphML text."""
    import networkx as nx

    buffer = io.BytesIO()
    nx.write_graphml(graph, buffer)
    return buffer.getvalue().decode("utf-8")


def perspective(me: int | None) -> str:
    return "public" if me is None else str(me)


def add_seats(graph: nx.DiGraph[str], players: int, sizes: Sequence[int], me: int | None,
              lang: str, you: bool = False, names: Callable[[int], str] | None = None) -> None:
    """A node per seat, `me`'s marked `me`: "You" where the reader is `me` (`you`), else
    "Seat 0" like every seat (a teacher, a stepper's reader is no seat of the game).
    The other seats are "Seat 2", or as `names` calls them (a table's "Seat 2 (Beginner)");
    then `short` is the name drawn in the seat's box ("Seat 2"), where a long one would not
    fit."""
    for seat in range(players):
        key = "graph.you" if you and seat == me else "graph.seat"
        short = Text(key, seat=seat).text(lang)
        if names is None:
            graph.add_node(str(seat), kind="seat", seat=seat, me=seat == me, cards=sizes[seat],
                           label=short)
        else:
            graph.add_node(str(seat), kind="seat", seat=seat, me=seat == me, cards=sizes[seat],
                           label=short if seat == me else names(seat), short=short)


def add_solution(graph: nx.DiGraph[str], cards: int, contents: Text, lang: str) -> None:
    """The place of the cards hidden in the middle: `cards` of them, `contents` in words."""
    graph.add_node(SOLUTION, kind="solution", label=Text("graph.solution").text(lang),
                   cards=cards, contents=contents.text(lang))


def add_card(graph: nx.DiGraph[str], card: Card, lang: str, group: str,
             played: bool = False) -> None:
    graph.add_node(card.code, kind="card", suit=card.suit.letter, rank=card.rank.letter,
                   group=group, played=played, label=card.name(lang))


def add_own_hand(graph: nx.DiGraph[str], me: int | None, hand: Collection[Card],
                 deck: Iterable[Card], lang: str, you: bool = False) -> None:
    """`me`'s certain edges to every card, saying "my hand" (`you`: "your hand")."""
    if me is None:
        return
    held, other = ("graph.in_your_hand", "graph.not_yours") if you else \
        ("graph.in_my_hand", "graph.not_mine")
    for card in deck:
        named = CardName(card) if you else card
        if card in hand:
            graph.add_edge(str(me), card.code, kind="holds", p=1.0, share="1/1",
                           why=Text(held, card=named).text(lang))
        else:
            graph.add_edge(str(me), card.code, kind="lacks", p=0.0, share="0/1",
                           why=Text(other, card=named).text(lang))


def location_edge(graph: nx.DiGraph[str], place: str, card: Card, n: int, worlds: int,
                   reason: Text | None, lang: str) -> None:
    kind = "holds" if n == worlds else "lacks" if n == 0 else "may_hold"
    attrs = {"kind": kind, "p": float(Fraction(n, worlds)), "share": f"{n}/{worlds}"}
    if kind != "may_hold":
        attrs["why"] = reason.text(lang) if reason is not None else ""
    graph.add_edge(place, card.code, **attrs)


def example_graph(lang: str = "en") -> nx.DiGraph[str]:
    """A tiny graph to try a picture or an export on: two seats and a solution, each holding
    one of three cards, and nothing known yet (each card is at each place in 2 of 6 deals).

    >>> graph = example_graph()
    >>> graph.edges["solution", "8H"]["share"], graph.nodes["solution"]["contents"]
    ('2/6', 'one card')
    """
    import networkx as nx  # loaded when a graph is built, not with every app

    cards = parse_cards("QS 8H AC")
    graph: nx.DiGraph[str] = nx.DiGraph(perspective="public", after=0, worlds="6",
                                   title=Text("graph.example_title").text(lang))
    add_seats(graph, 2, [1, 1], None, lang)
    add_solution(graph, 1, Text("graph.example_contents"), lang)
    for card in cards:
        add_card(graph, card, lang, group=card.suit.letter)
        for place in ("0", "1", SOLUTION):
            location_edge(graph, place, card, 2, 6, None, lang)
    return graph
