"""Possible worlds as SVG: one column per possible solution, the real world ringed, and
for each seat a line to every world it cannot tell from the real one.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.worlds import PossibleWorlds
>>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC"), hearts=parse_cards("AH 2H 3H"))
>>> hands = [parse_cards(code) for code in ("QC", "2H", "3H")]
>>> game = FiveSonsGame.start(rules, parse_cards("JC AH"), hands)
>>> 'role="img"' in worlds_svg(PossibleWorlds.from_game(game))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.cards import codes
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.i18n import message
from cardlab.render.cards import FONT
from cardlab.render.palette import BACKGROUND, INK, SOFT_INK, SOLUTION_COLOUR, seat_colour
from cardlab.render.svg import element, svg_document

COLUMN_W, ROW_H, TOP = 78, 18, 70


def statements(model: PossibleWorlds, lang: str = "en") -> list[tuple[int, str]]:
    """Who knows the solution, and who knows that, in the real world: (seat, sentence)."""
    seats = range(model.rules.players)
    lines = [(seat, message("worlds.knows" if model.knows_solution(seat)
                            else "worlds.does_not_know", lang, seat=seat)) for seat in seats]
    for i in seats:
        for j in seats:
            if i != j and model.knows_solution(i):
                key = "worlds.knows_that" if model.knows_that_knows(j, i) else \
                    "worlds.not_knows_that"
                lines.append((j, message(key, lang, i=i, j=j)))
    return lines


def worlds_svg(model: PossibleWorlds, lang: str = "en") -> str:
    """The model: worlds grouped by solution, the real one ringed, seats' links from it."""
    columns: dict[tuple, list[int]] = {}
    for i, world in enumerate(model.worlds):
        columns.setdefault(world.solution, []).append(i)
    order = sorted(columns, key=lambda pair: (pair[0], pair[1].rank.sons))
    position = {}
    for c, pair in enumerate(order):
        for r, i in enumerate(columns[pair]):
            position[i] = (40 + COLUMN_W * c + COLUMN_W / 2, TOP + ROW_H * r)
    width = max(80 + COLUMN_W * len(order), 560)
    lines = statements(model, lang)
    height = TOP + ROW_H * max(len(v) for v in columns.values()) + 40 + 18 * len(lines)
    parts = [element("rect", width=width, height=height, fill=BACKGROUND)]
    for c, pair in enumerate(order):
        parts.append(element("text", " + ".join(codes(pair)), x=40 + COLUMN_W * c + COLUMN_W / 2,
                             y=TOP - 24, text_anchor="middle", font_size=13, font_weight="bold",
                             fill=SOLUTION_COLOUR))
    rx, ry = position[model.real]
    for seat in range(model.rules.players):
        offset = (seat - (model.rules.players - 1) / 2) * 2.5
        for i in model.indistinguishable(seat):
            if i != model.real:
                x, y = position[i]
                parts.append(element("line", x1=rx + offset, y1=ry + offset, x2=x + offset,
                                     y2=y + offset, stroke=seat_colour(seat), stroke_width=1.6,
                                     opacity=0.7))
    for i, (x, y) in position.items():
        world = model.worlds[i]
        hands = "; ".join(f"{seat}: {' '.join(codes(sorted(hand)))}"
                          for seat, hand in enumerate(world.hands))
        parts.append(element("circle", tooltip=f"{' + '.join(codes(world.solution))} | {hands}",
                             cx=x, cy=y, r=5, fill=SOFT_INK))
    parts.append(element("circle", cx=rx, cy=ry, r=10, fill="none", stroke=INK,
                         stroke_width=2.5))
    base = TOP + ROW_H * max(len(v) for v in columns.values()) + 24
    # Each sentence in ink, led by a short line in its seat's colour, as in the links above.
    for k, (seat, line) in enumerate(lines):
        y = base + 18 * k
        parts.append(element("line", x1=20, y1=y - 4, x2=34, y2=y - 4, stroke=seat_colour(seat),
                             stroke_width=3))
        parts.append(element("text", line, x=42, y=y, font_size=13, fill=INK))
    title = message("worlds.title", lang, after=len(model.events), count=len(model.worlds))
    real = model.worlds[model.real]
    description = " ".join([title + ".", message(
        "worlds.real", lang, solution=" + ".join(codes(real.solution)),
        hands="; ".join(" ".join(codes(sorted(h))) for h in real.hands)),
        *(line for _, line in lines)])
    return svg_document(width, height, title, element("g", None, *parts, font_family=FONT),
                        description=description, fluid=True)


@dataclass
class WorldsPicture:
    """A possible-worlds model ready to show in Jupyter, Voila or exported HTML."""

    model: PossibleWorlds
    lang: str = "en"

    def _repr_html_(self) -> str:
        return worlds_svg(self.model, self.lang)

    def _repr_svg_(self) -> str:
        return worlds_svg(self.model, self.lang)
