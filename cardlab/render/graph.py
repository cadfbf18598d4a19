"""Knowledge graphs as accessible SVG, with a stable layout so steps can be compared.

Locations (seats, the solution) sit in a row at the top, cards in fixed slots
below (the same card is always in the same place), and "at least one of"
clauses as small diamonds between them. Certain edges are solid, uncertain
ones thinner and fainter the less likely they are, impossible ones hidden
(or dotted, on request). A card known to be somewhere is tinted in that
place's colour. What changed since the previous graph is outlined in amber.
Colours and their contrast are in `cardlab.render.palette`.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.knowledge import FiveSonsKnowledge
>>> from cardlab.graphs import fivesons_graph
>>> game = FiveSonsGame.deal(FiveSonsRules(), seed=1)
>>> svg = graph_svg(fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(0))))
>>> svg.startswith('<svg') and 'role="img"' in svg and '<desc>' in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from cardlab.cards import Card
from cardlab.i18n import message
from cardlab.render.cards import FONT, suit_colour
from cardlab.render.palette import (
    BACKGROUND,
    CHANGED,
    INK,
    MUTED,
    PLAYED,
    SOFT_INK,
    SOLUTION_COLOUR,
    label_colour,
    seat_colour,
    tint,
)
from cardlab.render.svg import element, svg_document

WIDTH = 980
CARD_W, CARD_H = 46, 30
LOCATION_KINDS = ("holds", "lacks", "may_hold")
#: A change of chance at least this big is highlighted as a change.
MOVED = 0.15
LOCATION_W, LOCATION_H = 132, 46


def location_colour(graph: nx.DiGraph, node: str) -> str:
    """The colour of a seat or of the solution."""
    if graph.nodes[node]["kind"] == "solution":
        return SOLUTION_COLOUR
    return seat_colour(graph.nodes[node]["seat"])


def layout(graph: nx.DiGraph) -> dict[str, tuple[float, float]]:
    """Positions of every node: fixed by seat number and card, never by the edges."""
    places = [n for n, d in graph.nodes(data=True) if d["kind"] in ("seat", "solution")]
    positions = {node: (_spread(i, len(places)), 50.0) for i, node in enumerate(places)}
    cards = [n for n, d in graph.nodes(data=True) if d["kind"] == "card"]
    groups: dict[str, list[str]] = {}
    for node in cards:
        groups.setdefault(graph.nodes[node]["group"], []).append(node)
    for row, members in enumerate(groups.values()):
        for i, node in enumerate(members):
            positions[node] = (_spread(i, max(len(m) for m in groups.values())),
                               250.0 + row * 58)
    clauses = [n for n, d in graph.nodes(data=True) if d["kind"] == "clause"]
    for i, node in enumerate(clauses):
        xs = [positions[card][0] for card in graph.successors(node)]
        positions[node] = (sum(xs) / len(xs), 150.0 + (i % 3) * 22)
    return positions


def _spread(i: int, count: int) -> float:
    margin = 70
    return margin + (WIDTH - 2 * margin) * (i + 0.5) / count


def graph_svg(graph: nx.DiGraph, previous: nx.DiGraph | None = None,
              show_impossible: bool = False, lang: str = "en") -> str:
    """The whole picture: edges, nodes, a legend and a text alternative listing the facts."""
    positions = layout(graph)
    rows = max(y for _, y in positions.values())
    height = rows + CARD_H + 110
    changed = _changed_edges(graph, previous)
    parts = [element("rect", width=WIDTH, height=height, fill=BACKGROUND)]
    parts += [_edge(graph, u, v, positions, show_impossible, (u, v) in changed)
              for u, v in sorted(graph.edges, key=lambda e: _edge_order(graph, e))]
    parts += [_node(graph, node, positions, changed, lang) for node in graph.nodes]
    has_clauses = any(d["kind"] == "clause" for _, d in graph.nodes(data=True))
    parts.append(_legend(height, show_impossible, bool(changed), has_clauses, lang))
    parts.append(element("text", graph.graph["title"], x=20, y=height - 12, font_size=14,
                         font_weight="bold", fill=INK, font_family=FONT))
    parts.append(element("text", message("graph.worlds", lang, worlds=graph.graph["worlds"]),
                         x=WIDTH - 20, y=height - 12, text_anchor="end", font_size=13,
                         fill=SOFT_INK, font_family=FONT))
    return svg_document(WIDTH, height, graph.graph["title"], *parts,
                        description=text_alternative(graph), fluid=True)


def text_alternative(graph: nx.DiGraph) -> str:
    """The facts of the graph in words: every certainty with its reason."""
    lines = [graph.graph["title"] + "."]
    for u, v, data in graph.edges(data=True):
        if (data["kind"] == "holds" and graph.nodes[u].get("me") is False) or (
                data["kind"] == "holds" and graph.nodes[u]["kind"] == "solution"):
            lines.append(f"{graph.nodes[u]['label']}: {v}. {data.get('why', '')}")
    for u, v, data in graph.edges(data=True):
        if data["kind"] == "lacks" and data.get("why") and not graph.nodes[u].get("me"):
            lines.append(f"{graph.nodes[u]['label']} ≠ {v}. {data['why']}")
    return " ".join(lines)


def _edge_order(graph: nx.DiGraph, edge: tuple[str, str]) -> tuple[int, float]:
    data = graph.edges[edge]
    rank = {"lacks": 0, "clause": 1, "clause_card": 1, "may_hold": 2, "holds": 3}[data["kind"]]
    return (rank, data.get("p", 0.0))


def _changed_edges(graph: nx.DiGraph, previous: nx.DiGraph | None) -> set[tuple[str, str]]:
    """Edges that became certain, or whose chance moved by at least MOVED."""
    if previous is None:
        return set()
    changed = set()
    for u, v, data in graph.edges(data=True):
        if data["kind"] not in LOCATION_KINDS or not previous.has_edge(u, v):
            continue
        old = previous.edges[u, v]
        if old["kind"] != data["kind"] or abs(old["p"] - data["p"]) >= MOVED:
            changed.add((u, v))
    return changed


def _edge(graph, u, v, positions, show_impossible, changed) -> str:
    data = graph.edges[u, v]
    kind = data["kind"]
    (x1, y1), (x2, y2) = positions[u], positions[v]
    if kind in ("clause", "clause_card"):  # u is the seat, or the clause, both know the seat
        colour = seat_colour(graph.nodes[u]["seat"])
        return element("line", x1=x1, y1=y1 + (LOCATION_H / 2 if kind == "clause" else 6),
                       x2=x2, y2=y2 - (6 if kind == "clause" else CARD_H / 2),
                       stroke=colour, stroke_width=1.5, stroke_dasharray="5 4")
    if graph.nodes[u].get("me") and kind != "holds":
        return ""
    if kind == "lacks" and not (show_impossible or changed):
        return ""
    colour = location_colour(graph, u)
    start, end = (x1, y1 + LOCATION_H / 2), (x2, y2 - CARD_H / 2)
    tooltip = (f"{graph.nodes[u]['label']} – {v}: {_percent(data['p'])}"
               + (f". {data['why']}" if data.get("why") else ""))
    halo = ""
    if changed:
        halo = element("line", x1=start[0], y1=start[1], x2=end[0], y2=end[1], stroke=CHANGED,
                       stroke_width=9, stroke_linecap="round")
    style: dict[str, object]
    if kind == "holds":
        style = {"stroke_width": 3.5}
    elif kind == "may_hold":
        style = {"stroke_width": round(0.6 + 2.6 * data["p"], 2),
                 "opacity": round(0.12 + 0.6 * data["p"], 2)}
    else:
        style = {"stroke_width": 1, "stroke_dasharray": "2 4"}
    line = element("line", tooltip=tooltip, x1=start[0], y1=start[1], x2=end[0], y2=end[1],
                   stroke=colour if kind != "lacks" else MUTED, **style)
    return halo + line


def _cards_line(data: dict, lang: str) -> str:
    """'5 cards' under a seat, 'face + heart' under the solution."""
    if data["kind"] == "solution":
        return message("graph.solution_cards", lang)
    return message("graph.cards", lang, count=data["cards"])


def _node(graph, node, positions, changed, lang) -> str:
    data = graph.nodes[node]
    x, y = positions[node]
    if data["kind"] in ("seat", "solution"):
        colour = location_colour(graph, node)
        return element(
            "g", None,
            element("rect", x=x - LOCATION_W / 2, y=y - LOCATION_H / 2, width=LOCATION_W,
                    height=LOCATION_H, rx=10, fill=colour, stroke=INK if data.get("me")
                    else colour, stroke_width=3 if data.get("me") else 1),
            element("text", data["label"], x=x, y=y - 3, text_anchor="middle", font_size=14,
                    font_weight="bold", fill=label_colour(colour)),
            element("text", _cards_line(data, lang), x=x, y=y + 15,
                    text_anchor="middle", font_size=12, fill=label_colour(colour)),
            tooltip=data["label"], font_family=FONT, data_node=node)
    if data["kind"] == "clause":
        return element("path", tooltip=data["label"],
                       d=f"M{x},{y - 7} L{x + 7},{y} L{x},{y + 7} L{x - 7},{y} Z",
                       fill=seat_colour(data["seat"]), stroke=BACKGROUND, data_node=node)
    card = Card.parse(node)
    owner = next((u for u in graph.predecessors(node)
                  if graph.edges[u, node]["kind"] == "holds"), None)
    fill = BACKGROUND
    if data.get("played"):
        fill = PLAYED
    elif owner is not None:
        fill = tint(location_colour(graph, owner))
    touched = any((u, node) in changed for u in graph.predecessors(node))
    label = message(f"rank_short.{card.rank.letter}") + card.suit.symbol
    # A played card is grey and dashed; its label keeps full ink to stay readable.
    return element(
        "g", None, _chance_bar(graph, node, x, y),
        element("rect", x=x - CARD_W / 2, y=y - CARD_H / 2, width=CARD_W, height=CARD_H, rx=5,
                fill=fill, stroke=CHANGED if touched else MUTED,
                stroke_width=4 if touched else 1,
                stroke_dasharray="4 3" if data.get("played") and not touched else None),
        element("text", label, x=x, y=y + 6, text_anchor="middle", font_size=15,
                font_weight="bold", fill=suit_colour(card.suit)),
        tooltip=data["label"], font_family=FONT, data_node=node)


def _chance_bar(graph: nx.DiGraph, node: str, x: float, y: float) -> str:
    """A thin bar under a card: where it can be, each place's share in its colour."""
    shares = [(u, graph.edges[u, node]["p"]) for u in graph.predecessors(node)
              if graph.edges[u, node]["kind"] in ("holds", "may_hold")
              and not graph.nodes[u].get("me")]
    if not shares:
        return ""
    parts, left = [], x - CARD_W / 2
    for place, share in shares:
        width = CARD_W * share
        parts.append(element("rect", x=round(left, 2), y=y + CARD_H / 2 + 2, width=round(width, 2),
                             height=5, fill=location_colour(graph, place)))
        left += width
    return "".join(parts)


_LEGEND_LINES: dict[str, dict[str, object]] = {
    "holds": {"stroke": SOFT_INK, "stroke_width": 3.5},
    "may": {"stroke": SOFT_INK, "stroke_width": 1.2, "opacity": 0.5},
    "lacks": {"stroke": MUTED, "stroke_dasharray": "2 4"},
    "changed": {"stroke": CHANGED, "stroke_width": 8},
}


def _legend(height: float, show_impossible: bool, changed: bool, clauses: bool,
            lang: str) -> str:
    y = height - 42
    items = [("holds", message("graph.legend_holds", lang)),
             ("may", message("graph.legend_may", lang))]
    if clauses:
        items.append(("clause", message("graph.legend_clause", lang)))
    if show_impossible:
        items.append(("lacks", message("graph.legend_lacks", lang)))
    if changed:
        items.append(("changed", message("graph.legend_changed", lang)))
    parts, x = [], 20.0
    for key, text in items:
        if key == "clause":
            parts.append(element("path", d=f"M{x + 14},{y - 6} L{x + 20},{y} L{x + 14},{y + 6} "
                                           f"L{x + 8},{y} Z", fill=SOFT_INK))
        else:
            parts.append(element("line", x1=x, y1=y, x2=x + 28, y2=y, **_LEGEND_LINES[key]))
        parts.append(element("text", text, x=x + 36, y=y + 4, font_size=12, fill=SOFT_INK))
        x += 48 + 6.4 * len(text)
    return element("g", None, *parts, font_family=FONT)


def _percent(p: float) -> str:
    return f"{p:.0%}" if p in (0.0, 1.0) else f"{p:.1%}"


@dataclass
class GraphPicture:
    """A knowledge graph ready to show in Jupyter, Voila or exported HTML."""

    graph: nx.DiGraph
    previous: nx.DiGraph | None = None
    show_impossible: bool = False
    lang: str = "en"

    def svg(self) -> str:
        """The picture as SVG text."""
        return graph_svg(self.graph, self.previous, self.show_impossible, self.lang)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return self.svg()

