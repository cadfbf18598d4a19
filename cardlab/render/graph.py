"""Knowledge graphs as accessible SVG, drawn for people, with a stable layout to compare steps.

The networkx graph (`cardlab.graphs`) is complete: an edge between every
place and every card. Drawn whole it is a hairball, so the picture shows:

- certainties strongly: a solid line in the place's colour from a place to a
  card it surely holds, and the card tinted in that colour;
- under each card a bar of where it can still be, each place's share in its
  colour (so "where can the 8 of Hearts be?" reads off one card);
- "at least one of" clauses as their own marks: a "≥1" tag in the seat's
  colour, joined by dashed lines to the seat and to its two cards;
- uncertain links only for the card or place in `focus`, each with its
  chance written on it (the focus is chosen in the widgets by keyboard or
  click);
- what the last event changed outlined and haloed in amber.

Impossible links are hidden (or dotted, on request). Locations sit in a row
at the top, cards in fixed slots below (the same card is always in the same
place). Colours and their contrast are in `cardlab.render.palette`.

A phone gets its own picture (`graph_html`): the same marks in a narrow frame,
places in rows of up to three and cards in rows of up to six, drawn at about
its natural size, so the text stays as large as on a wide page.

A graph of two seats and a solution, each with one of three cards
(`cardlab.graphs.example_graph`):

>>> from cardlab.graphs import example_graph
>>> graph = example_graph()
>>> svg = graph_svg(graph)
>>> svg.startswith('<svg') and 'role="img"' in svg and '<desc>' in svg
True
>>> "Where is the Eight of Hearts? Seat 0 (33.3%)," in graph_svg(graph, focus="8H")
True
>>> 'viewBox="0 0 360 ' in graph_svg(graph, narrow=True)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.i18n import Count, message
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

if TYPE_CHECKING:
    import networkx as nx

WIDTH = 980
CARD_W, CARD_H = 46, 30
LOCATION_KINDS = ("holds", "lacks", "may_hold")
#: A change of chance at least this big is highlighted as a change.
MOVED = 0.15
LOCATION_W, LOCATION_H = 132, 46
LEGEND_ROW = 22
#: Below this page width (px) `graph_html` shows the narrow picture.
NARROW_PAGE = 720
#: The footer's text: its characters' mean width for 14 px bold, and the line step.
_TITLE_CHAR, _FOOTER_LINE = 7.8, 20


@dataclass(frozen=True)
class Frame:
    """The sizes of one layout; `places_per_row` and `cards_per_row` 0: all in one row."""

    width: int
    margin: int
    location_w: int
    places_per_row: int
    cards_per_row: int


#: A page: every place in one row, each group of cards in one row.
WIDE = Frame(WIDTH, 70, LOCATION_W, 0, 0)
#: A phone: at most three places and six cards in a row, drawn near its natural size.
NARROW = Frame(360, 8, 108, 3, 6)

#: Where each node is drawn, by node.
Positions = dict[str, tuple[float, float]]


def location_colour(graph: nx.DiGraph[str], node: str) -> str:
    """The colour of a seat or of the solution."""
    if graph.nodes[node]["kind"] == "solution":
        return SOLUTION_COLOUR
    return seat_colour(graph.nodes[node]["seat"])


def layout(graph: nx.DiGraph[str], frame: Frame = WIDE) -> Positions:
    """Positions of every node: fixed by seat number and card, never by the edges.

    In a frame with rows of limited length, each row is filled evenly (13 cards in rows of
    six: 5, 5, 3) and spread over the whole width. The viewer's seat opens the last row of
    places: a line from an upper row to the cards would run under the boxes of the rows
    below it, and the viewer's whole hand is drawn in lines.
    """
    places = [n for n, d in graph.nodes(data=True) if d["kind"] in ("seat", "solution")]
    place_rows = _rows(places, frame.places_per_row)
    me = next((n for n in places if graph.nodes[n].get("me")), None)
    if me is not None and len(place_rows) > 1:
        others = [n for n in places if n != me]
        upper = len(places) - len(place_rows[-1])
        place_rows = _rows([*others[:upper], me, *others[upper:]], frame.places_per_row)
    positions = {node: (_spread(i, len(members), frame), 50.0 + row * 58)
                 for row, members in enumerate(place_rows) for i, node in enumerate(members)}
    below = (len(place_rows) - 1) * 58
    cards = [n for n, d in graph.nodes(data=True) if d["kind"] == "card"]
    groups: dict[str, list[str]] = {}
    for node in cards:
        groups.setdefault(graph.nodes[node]["group"], []).append(node)
    widest = max((len(m) for m in groups.values()), default=1)
    card_rows = [row for members in groups.values()
                 for row in _rows(members, frame.cards_per_row)]
    for row, members in enumerate(card_rows):
        slots = len(members) if frame.cards_per_row else widest
        for i, node in enumerate(members):
            positions[node] = (_spread(i, slots, frame), 250.0 + below + row * 58)
    clauses = [n for n, d in graph.nodes(data=True) if d["kind"] == "clause"]
    for i, node in enumerate(clauses):
        xs = [positions[card][0] for card in graph.successors(node)]
        positions[node] = (sum(xs) / len(xs), 150.0 + below + (i % 3) * 22)
    return positions


def _rows(nodes: list[str], longest: int) -> list[list[str]]:
    """`nodes` in rows of at most `longest` (0: one row), as even as they can be."""
    if not longest or len(nodes) <= longest:
        return [nodes]
    size = math.ceil(len(nodes) / math.ceil(len(nodes) / longest))
    return [nodes[i:i + size] for i in range(0, len(nodes), size)]


def _spread(i: int, count: int, frame: Frame = WIDE) -> float:
    return frame.margin + (frame.width - 2 * frame.margin) * (i + 0.5) / count


def graph_svg(graph: nx.DiGraph[str], previous: nx.DiGraph[str] | None = None,
              show_impossible: bool = False, lang: str = "en", focus: str | None = None,
              narrow: bool = False) -> str:
    """The whole picture: edges, nodes, a legend and a text alternative listing the facts.

    `focus` names a node (a card code, a seat number, ``"solution"``) whose
    uncertain links are drawn with their chances; an unknown name is ignored.
    `narrow` draws it for a phone (`NARROW`): the title, and the count of deals
    under it, wrap instead of sharing one line.
    """
    frame = NARROW if narrow else WIDE
    if focus is not None and (focus not in graph or graph.nodes[focus]["kind"] == "clause"):
        focus = None
    positions = layout(graph, frame)
    rows = max(y for _, y in positions.values())
    changed = _changed_edges(graph, previous)
    has_clauses = any(d["kind"] == "clause" for _, d in graph.nodes(data=True))
    legend = _legend_items(show_impossible, bool(changed), has_clauses, focus, lang)
    worlds = Count("count.possible_deals", int(graph.graph["worlds"])).label(lang)
    title = _wrap(graph.graph["title"], frame.width - 40) if narrow else [graph.graph["title"]]
    footer = [*title, worlds] if narrow else title     # lines under the legend
    extra = _FOOTER_LINE * (len(footer) - 1)
    height = rows + CARD_H + 110 + LEGEND_ROW * (_legend_rows(legend, frame.width) - 1) + extra
    parts = [element("rect", width=frame.width, height=height, fill=BACKGROUND)]
    edges = sorted(graph.edges, key=lambda e: _edge_order(graph, e))
    parts += [_edge(graph, u, v, positions, show_impossible, (u, v) in changed,
                    focus in (u, v)) for u, v in edges]
    parts += [_node(graph, node, positions, changed, lang, node == focus, frame.location_w)
              for node in graph.nodes]
    parts += [_chance_label(graph, u, v, positions, focus) for u, v in edges
              if focus in (u, v) and graph.edges[u, v]["kind"] == "may_hold"
              and not graph.nodes[u].get("me")]
    parts.append(_legend(height - extra, legend, frame.width))
    top = height - 12 - extra
    parts += [element("text", line, x=20, y=top + _FOOTER_LINE * i, font_size=14,
                      font_weight="bold", fill=INK, font_family=FONT)
              for i, line in enumerate(title)]
    if narrow:
        parts.append(element("text", worlds, x=20, y=height - 12, font_size=13,
                             fill=SOFT_INK, font_family=FONT))
    else:
        parts.append(element("text", worlds,
                             x=WIDTH - 20, y=height - 12, text_anchor="end", font_size=13,
                             fill=SOFT_INK, font_family=FONT))
    description = text_alternative(graph)
    if focus is not None:
        description = f"{focus_sentence(graph, focus, lang)} {description}"
    return svg_document(frame.width, height, graph.graph["title"], *parts,
                        description=description, fluid=True)


#: The page shows one of the two pictures of `graph_html`, by its width.
_RESPONSIVE_STYLE = (
    "<style>.cardlab-graph-narrow { display: none; } "
    f"@media (max-width: {NARROW_PAGE}px) {{ .cardlab-graph-wide {{ display: none; }} "
    ".cardlab-graph-narrow { display: block; } }</style>")


def graph_html(graph: nx.DiGraph[str], previous: nx.DiGraph[str] | None = None,
               show_impossible: bool = False, lang: str = "en",
               focus: str | None = None) -> str:
    """The picture for a web page: the wide one, and the narrow one on a page narrower than
    `NARROW_PAGE` px (a phone), where the wide one would shrink its text to a few pixels.

    The page shows one of the two (the other is ``display: none``, hidden from screen
    readers too); each keeps its title and description.

    >>> from cardlab.graphs import example_graph
    >>> page = graph_html(example_graph())
    >>> page.count('<svg'), page.count('role="img"'), "max-width: 720px" in page
    (2, 2, True)
    """
    pictures = [graph_svg(graph, previous, show_impossible, lang, focus, narrow)
                for narrow in (False, True)]
    return (f'<div class="cardlab-graph">{_RESPONSIVE_STYLE}'
            f'<div class="cardlab-graph-wide">{pictures[0]}</div>'
            f'<div class="cardlab-graph-narrow">{pictures[1]}</div></div>')


def _wrap(text: str, width: float) -> list[str]:
    """`text` in lines of at most `width` px in the footer's bold 14 px (an estimate)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width / _TITLE_CHAR:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def focus_sentence(graph: nx.DiGraph[str], focus: str, lang: str = "en") -> str:
    """Where a card can be, or what a place may hold, with the chances, in one sentence.

    >>> from cardlab.graphs import example_graph
    >>> focus_sentence(example_graph(), "solution")
    'Solution may hold: Queen of Spades (33.3%), Eight of Hearts (33.3%), Ace of Clubs (33.3%).'
    """
    data = graph.nodes[focus]
    if data["kind"] == "card":
        places = [(graph.nodes[u]["label"], graph.edges[u, focus]["p"])
                  for u in graph.predecessors(focus)
                  if graph.nodes[u]["kind"] in ("seat", "solution")
                  and graph.edges[u, focus]["kind"] != "lacks"]
        where = ", ".join(f"{label} ({_percent(p)})" for label, p in places)
        return message("graph_focus.card", lang, card=data["label"], where=where or "–")
    cards = [(graph.nodes[v]["label"], graph.edges[focus, v]["p"])
             for v in graph.successors(focus) if graph.edges[focus, v]["kind"] == "may_hold"]
    what = ", ".join(f"{label} ({_percent(p)})" for label, p in cards)
    return message("graph_focus.place", lang, place=data["label"], what=what or "–")


def text_alternative(graph: nx.DiGraph[str]) -> str:
    """The facts of the graph in words: every certainty with its reason."""
    lines = [graph.graph["title"] + "."]
    for u, v, data in graph.edges(data=True):
        if (data["kind"] == "holds" and graph.nodes[u].get("me") is False) or (
                data["kind"] == "holds" and graph.nodes[u]["kind"] == "solution"):
            lines.append(f"{graph.nodes[u]['label']}: {graph.nodes[v]['label']}. "
                         f"{data.get('why', '')}")
    for u, v, data in graph.edges(data=True):
        if data["kind"] == "lacks" and data.get("why") and not graph.nodes[u].get("me"):
            lines.append(f"{graph.nodes[u]['label']} ≠ {graph.nodes[v]['label']}. {data['why']}")
    return " ".join(lines)


def _edge_order(graph: nx.DiGraph[str], edge: tuple[str, str]) -> tuple[int, float]:
    data = graph.edges[edge]
    rank = {"lacks": 0, "clause": 1, "clause_card": 1, "may_hold": 2, "holds": 3}[data["kind"]]
    return (rank, data.get("p", 0.0))


def _changed_edges(graph: nx.DiGraph[str], previous: nx.DiGraph[str] | None
                   ) -> set[tuple[str, str]]:
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


def _edge(graph: nx.DiGraph[str], u: str, v: str, positions: Positions, show_impossible: bool,
          changed: bool, focused: bool) -> str:
    data = graph.edges[u, v]
    kind = data["kind"]
    (x1, y1), (x2, y2) = positions[u], positions[v]
    if kind in ("clause", "clause_card"):  # u is the seat, or the clause, both know the seat
        colour = seat_colour(graph.nodes[u]["seat"])
        return element("line", x1=x1, y1=y1 + (LOCATION_H / 2 if kind == "clause" else 9),
                       x2=x2, y2=y2 - (9 if kind == "clause" else CARD_H / 2),
                       stroke=colour, stroke_width=2, stroke_dasharray="6 4")
    if graph.nodes[u].get("me") and kind != "holds":
        return ""
    if kind == "may_hold" and not focused:
        return ""        # the card's chance bar says it; lines only for the focus
    if kind == "lacks" and not show_impossible:
        return ""        # a card newly ruled out is outlined instead: lines would crowd
    colour = location_colour(graph, u)
    start, end = (x1, y1 + LOCATION_H / 2), (x2, y2 - CARD_H / 2)
    tooltip = (f"{graph.nodes[u]['label']} – {graph.nodes[v]['label']}: {_percent(data['p'])}"
               + (f". {data['why']}" if data.get("why") else ""))
    halo = ""
    if changed:
        halo = element("line", x1=start[0], y1=start[1], x2=end[0], y2=end[1], stroke=CHANGED,
                       stroke_width=9, stroke_linecap="round")
    style: dict[str, object]
    if kind == "holds":
        style = {"stroke_width": 3.5}
    elif kind == "may_hold":
        style = {"stroke_width": round(1.2 + 2.4 * data["p"], 2), "stroke_dasharray": "8 3"}
    else:
        style = {"stroke_width": 1, "stroke_dasharray": "2 4"}
    line = element("line", tooltip=tooltip, x1=start[0], y1=start[1], x2=end[0], y2=end[1],
                   stroke=colour if kind != "lacks" else MUTED, **style)
    return halo + line


def _cards_line(data: dict[str, Any], lang: str) -> str:
    """'5 cards' under a seat, what it holds in words (its `contents`) under the solution."""
    if data["kind"] == "solution":
        return str(data["contents"])
    return message("graph.cards", lang, count=data["cards"])


def _chance_label(graph: nx.DiGraph[str], u: str, v: str, positions: Positions,
                  focus: str | None) -> str:
    """The chance of one uncertain link of the focus, written on the line near the other end."""
    (x1, y1), (x2, y2) = positions[u], positions[v]
    if focus == v:       # one card: the chance on each line, near its place
        x, y = x1 + (x2 - x1) * 0.3, y1 + LOCATION_H / 2 + (y2 - y1 - LOCATION_H) * 0.3
    else:                # one place: the chance just above each card
        x, y = x2, y2 - CARD_H / 2 - 8
    text = _percent(graph.edges[u, v]["p"])
    width = 7 * len(text) + 6
    return element("g", None,
                   element("rect", x=round(x - width / 2, 2), y=round(y - 8, 2), width=width,
                           height=15, rx=4, fill=BACKGROUND, stroke=location_colour(graph, u)),
                   element("text", text, x=round(x, 2), y=round(y + 4, 2), text_anchor="middle",
                           font_size=11, font_weight="bold", fill=INK),
                   font_family=FONT)


def _node(graph: nx.DiGraph[str], node: str, positions: Positions, changed: set[tuple[str, str]],
          lang: str, focused: bool = False, location_w: float = LOCATION_W) -> str:
    data = graph.nodes[node]
    x, y = positions[node]
    if data["kind"] in ("seat", "solution"):
        colour = location_colour(graph, node)
        strong = data.get("me") or focused
        return element(
            "g", None,
            element("rect", x=x - location_w / 2, y=y - LOCATION_H / 2, width=location_w,
                    height=LOCATION_H, rx=10, fill=colour, stroke=INK if strong
                    else colour, stroke_width=(5 if focused else 3) if strong else 1),
            element("text", data.get("short", data["label"]), x=x, y=y - 3,
                    text_anchor="middle", font_size=14,
                    font_weight="bold", fill=label_colour(colour)),
            element("text", _cards_line(data, lang), x=x, y=y + 15,
                    text_anchor="middle", font_size=12, fill=label_colour(colour)),
            tooltip=data["label"], font_family=FONT, data_node=node)
    if data["kind"] == "clause":
        colour = seat_colour(data["seat"])
        return element("g", None,
                       element("rect", x=x - 15, y=y - 9, width=30, height=18, rx=9, fill=colour,
                               stroke=BACKGROUND, stroke_width=2),
                       element("text", "≥1", x=x, y=y + 4, text_anchor="middle", font_size=12,
                               font_weight="bold", fill=label_colour(colour)),
                       tooltip=data["label"], font_family=FONT, data_node=node)
    card = Card.parse(node)
    owner = next((u for u in graph.predecessors(node)
                  if graph.edges[u, node]["kind"] == "holds"), None)
    fill = BACKGROUND
    if data.get("played"):
        fill = PLAYED
    elif owner is not None:
        fill = tint(location_colour(graph, owner))
    touched = any((u, node) in changed for u in graph.predecessors(node))
    label = card.label(lang)
    # A played card is grey and dashed; its label keeps full ink to stay readable.
    return element(
        "g", None, _chance_bar(graph, node, x, y),
        element("rect", x=x - CARD_W / 2, y=y - CARD_H / 2, width=CARD_W, height=CARD_H, rx=5,
                fill=fill, stroke=INK if focused else CHANGED if touched else MUTED,
                stroke_width=5 if focused else 4 if touched else 1,
                stroke_dasharray="4 3" if data.get("played") and not touched else None),
        element("text", label, x=x, y=y + 6, text_anchor="middle", font_size=15,
                font_weight="bold", fill=suit_colour(card.suit)),
        tooltip=data["label"], font_family=FONT, data_node=node)


def _chance_bar(graph: nx.DiGraph[str], node: str, x: float, y: float) -> str:
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
    "may": {"stroke": SOFT_INK, "stroke_width": 2, "stroke_dasharray": "8 3"},
    "lacks": {"stroke": MUTED, "stroke_dasharray": "2 4"},
    "changed": {"stroke": CHANGED, "stroke_width": 8},
}


def _legend_items(show_impossible: bool, changed: bool, clauses: bool, focus: str | None,
                  lang: str) -> list[tuple[str, str]]:
    items = [("holds", message("graph.legend_holds", lang)),
             ("bar", message("graph_focus.legend_bar", lang))]
    if focus is not None:
        items.append(("may", message("graph_focus.legend_may", lang)))
    if clauses:
        items.append(("clause", message("graph.legend_clause", lang)))
    if show_impossible:
        items.append(("lacks", message("graph.legend_lacks", lang)))
    if changed:
        items.append(("changed", message("graph.legend_changed", lang)))
    return items


def _legend_rows(items: list[tuple[str, str]], width: float = WIDTH) -> int:
    rows, x = 1, 20.0
    for _, text in items:
        if x + 36 + 6.4 * len(text) > width - 20:
            rows, x = rows + 1, 20.0
        x += 48 + 6.4 * len(text)
    return rows


def _legend(height: float, items: list[tuple[str, str]], width: float = WIDTH) -> str:
    y = height - 42
    parts, x = [], 20.0
    y -= LEGEND_ROW * (_legend_rows(items, width) - 1)
    for key, text in items:
        if x + 36 + 6.4 * len(text) > width - 20:     # wrap: German labels are longer
            x, y = 20.0, y + LEGEND_ROW
        if key == "clause":
            parts.append(element("rect", x=x, y=y - 8, width=28, height=16, rx=8, fill=SOFT_INK))
            parts.append(element("text", "≥1", x=x + 14, y=y + 4, text_anchor="middle",
                                 font_size=11, font_weight="bold", fill=BACKGROUND))
        elif key == "bar":
            parts += [element("rect", x=x + 9 * i, y=y - 2, width=9, height=5,
                              fill=seat_colour(i)) for i in range(3)]
            parts.append(element("rect", x=x + 27, y=y - 2, width=4, height=5,
                                 fill=SOLUTION_COLOUR))
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

    graph: nx.DiGraph[str]
    previous: nx.DiGraph[str] | None = None
    show_impossible: bool = False
    lang: str = "en"
    focus: str | None = None

    def svg(self) -> str:
        """The picture as SVG text."""
        return graph_svg(self.graph, self.previous, self.show_impossible, self.lang, self.focus)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return graph_html(self.graph, self.previous, self.show_impossible, self.lang,
                          self.focus)

