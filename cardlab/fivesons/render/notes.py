"""The detective's notes sheet: cards by places, with ticks, crosses and exact chances.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.knowledge import FiveSonsKnowledge
>>> from cardlab.fivesons.graph import fivesons_graph
>>> game = FiveSonsGame.deal(FiveSonsRules(), seed=1)
>>> svg = notes_svg(fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(0))))
>>> svg.count("✓") >= 5 and 'role="img"' in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.cards import Card
from cardlab.i18n import message
from cardlab.render.cards import FONT, suit_colour
from cardlab.render.graph import location_colour, text_alternative
from cardlab.render.palette import BACKGROUND, MUTED, SOFT_INK, STRIPE, label_colour
from cardlab.render.svg import element, svg_document

if TYPE_CHECKING:
    import networkx as nx

ROW_H, LABEL_W, COLUMN_W, HEADER_H = 24, 92, 96, 44


def notes_svg(graph: nx.DiGraph[str], lang: str = "en") -> str:
    """One row per card, one column per place: ✓ certain, ✗ impossible, else the chance."""
    places = [n for n, d in graph.nodes(data=True) if d["kind"] in ("seat", "solution")]
    cards = [n for n, d in graph.nodes(data=True) if d["kind"] == "card"]
    width = LABEL_W + COLUMN_W * len(places)
    height = HEADER_H + ROW_H * len(cards) + 8
    parts = [element("rect", width=width, height=height, fill=BACKGROUND)]
    for column, place in enumerate(places):
        x = LABEL_W + COLUMN_W * column
        colour = location_colour(graph, place)
        parts.append(element("rect", x=x + 2, y=4, width=COLUMN_W - 4, height=HEADER_H - 10,
                             rx=6, fill=colour))
        parts.append(element("text", graph.nodes[place]["label"], x=x + COLUMN_W / 2, y=26,
                             text_anchor="middle", font_size=12, font_weight="bold",
                             fill=label_colour(colour)))
    for row, node in enumerate(cards):
        y = HEADER_H + ROW_H * row
        card = Card.parse(node)
        if row % 2:
            parts.append(element("rect", x=0, y=y, width=width, height=ROW_H, fill=STRIPE))
        parts.append(element("text", card.label(lang), x=10, y=y + 17, font_size=14,
                             font_weight="bold", fill=suit_colour(card.suit)))
        for column, place in enumerate(places):
            parts.append(_cell(graph, place, node, LABEL_W + COLUMN_W * column, y))
    return svg_document(width, height, message("fivesons.graph.notes_title", lang,
                                               title=graph.graph["title"]),
                        element("g", None, *parts, font_family=FONT),
                        description=text_alternative(graph), fluid=True)


def _cell(graph: nx.DiGraph[str], place: str, card: str, x: float, y: float) -> str:
    if not graph.has_edge(place, card):
        return ""
    data = graph.edges[place, card]
    tooltip = data.get("why") or f"{data['p']:.1%}"
    centre = {"x": x + COLUMN_W / 2, "y": y + 17, "text_anchor": "middle"}
    if data["kind"] == "holds":
        return element("text", "✓", tooltip=tooltip, font_size=17, font_weight="bold",
                       fill=location_colour(graph, place), **centre)
    if data["kind"] == "lacks":
        return element("text", "✗", tooltip=tooltip, font_size=14, fill=MUTED, **centre)
    chance = f"{data['p']:.0%}" if data["p"] >= 0.01 else "<1%"
    return element("text", chance, tooltip=tooltip, font_size=13, fill=SOFT_INK, **centre)
