"""Knowledge graphs as networkx graphs: the parts every game's graph shares, and export.

A game builds its graph (`cardlab.fivesons.graph`, `cardlab.blackwidow.graph`)
from its knowledge engine only, never from hidden state, with the helpers here.
Nodes have a `kind`: `seat`, `card`, and whatever else the game adds (Five
Sons a `solution` and `clause` nodes). Between every location and every card
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
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlab.cards import Card
from cardlab.i18n import Text

if TYPE_CHECKING:
    import networkx as nx


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


def perspective(me: int | None) -> str:
    return "public" if me is None else str(me)


def add_seats(graph: nx.DiGraph, players: int, sizes, me: int | None, lang: str) -> None:
    for seat in range(players):
        key = "graph.me" if seat == me else "graph.seat"
        graph.add_node(str(seat), kind="seat", seat=seat, me=seat == me, cards=sizes[seat],
                       label=Text(key, seat=seat).text(lang))


def add_card(graph: nx.DiGraph, card: Card, lang: str, group: str, played: bool = False) -> None:
    graph.add_node(card.code, kind="card", suit=card.suit.letter, rank=card.rank.letter,
                   group=group, played=played, label=card.name(lang))


def add_own_hand(graph: nx.DiGraph, me: int | None, hand, deck, lang: str) -> None:
    if me is None:
        return
    for card in deck:
        if card in hand:
            graph.add_edge(str(me), card.code, kind="holds", p=1.0, share="1/1",
                           why=Text("graph.in_my_hand", card=card).text(lang))
        else:
            graph.add_edge(str(me), card.code, kind="lacks", p=0.0, share="0/1",
                           why=Text("graph.not_mine", card=card).text(lang))


def location_edge(graph: nx.DiGraph, place: str, card: Card, n: int, worlds: int,
                   reason: Text | None, lang: str) -> None:
    kind = "holds" if n == worlds else "lacks" if n == 0 else "may_hold"
    attrs = {"kind": kind, "p": float(Fraction(n, worlds)), "share": f"{n}/{worlds}"}
    if kind != "may_hold":
        attrs["why"] = reason.text(lang) if reason is not None else ""
    graph.add_edge(place, card.code, **attrs)
