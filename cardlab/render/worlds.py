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

import itertools
import textwrap
from dataclasses import dataclass

from cardlab.cards import codes
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.i18n import message
from cardlab.render.cards import FONT
from cardlab.render.palette import BACKGROUND, INK, SOFT_INK, SOLUTION_COLOUR, seat_colour, tint
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


#: Subscript digits for the seats in K-notation (K₁ is "seat 1 knows").
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
#: One seat's links are drawn between every two worlds it cannot tell apart up to this many
#: lines; above it each group of worlds is joined as a chain (the same groups, fewer lines).
MAX_LINKS = 600
BOX_H, ROW_GAP, COLUMN_GAP, CHAR_W, LINK_TOP, LEGEND_LINE = 22, 8, 34, 7.4, 96, 19


@dataclass(frozen=True)
class Statement:
    """One statement about knowing, true in the real world: `notation` as in K-notation."""

    notation: str
    words: str
    #: The seat that knows (or does not): the outermost K.
    seat: int


def seat_groups(model: PossibleWorlds, seat: int) -> list[list[int]]:
    """The worlds `seat` cannot tell apart, as groups (its equivalence classes), in world order.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.game import FiveSonsGame
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC"),
    ...                       hearts=parse_cards("AH 2H 3H"))
    >>> game = FiveSonsGame.start(rules, parse_cards("JC AH"), [parse_cards("QC"),
    ...                           parse_cards("2H"), parse_cards("3H")])
    >>> [len(group) for group in seat_groups(PossibleWorlds.from_game(game), 0)]
    [6, 8, 8, 8, 6]
    """
    groups: dict[tuple, list[int]] = {}
    for i, world in enumerate(model.worlds):
        groups.setdefault(world.signature(seat, model.events), []).append(i)
    return list(groups.values())


def k_statements(model: PossibleWorlds, lang: str = "en") -> list[Statement]:
    """What is true in the real world about knowing the solution, in words and in K-notation.

    First each seat (``K₁ solution`` or ``¬K₁ solution``), then what each seat
    knows about each other seat's knowing (``K₀ K₁ solution``, ``K₀ ¬K₁ solution``,
    or ``¬K₀ K₁ solution`` when seat 0 cannot tell).

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.game import FiveSonsGame
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC"),
    ...                       hearts=parse_cards("AH 2H 3H"))
    >>> game = FiveSonsGame.start(rules, parse_cards("JC AH"), [parse_cards("QC"),
    ...                           parse_cards("2H"), parse_cards("3H")])
    >>> [s.notation for s in k_statements(PossibleWorlds.from_game(game))][:4]
    ['¬K₀ solution', '¬K₁ solution', '¬K₂ solution', 'K₀ ¬K₁ solution']
    """
    seats = range(model.rules.players)
    groups = {seat: seat_groups(model, seat) for seat in seats}
    knows = {seat: _knowing(model, groups[seat]) for seat in seats}
    real = {seat: next(g for g in groups[seat] if model.real in g) for seat in seats}
    solution = message("worlds_k.solution", lang)
    lines = [Statement(f"{_not(not knows[i][model.real])}{_k(i)} {solution}",
                       message("worlds.knows" if knows[i][model.real] else
                               "worlds.does_not_know", lang, seat=i), i) for i in seats]
    for j in seats:
        for i in seats:
            if i == j:
                continue
            inner = knows[i][model.real]
            sure = all(knows[i][w] == inner for w in real[j])
            if inner:
                key = "worlds.knows_that" if sure else "worlds.not_knows_that"
            else:
                key = "worlds_k.knows_not" if sure else "worlds.not_knows_that"
            notation = f"{_not(not sure)}{_k(j)} {_not(not inner)}{_k(i)} {solution}"
            lines.append(Statement(notation, message(key, lang, i=i, j=j), j))
    return lines


def _knowing(model: PossibleWorlds, groups: list[list[int]]) -> dict[int, bool]:
    """For each world: does the seat with these groups know the solution there?"""
    knows = {}
    for group in groups:
        sure = len({model.worlds[i].solution for i in group}) == 1
        knows.update(dict.fromkeys(group, sure))
    return knows


def _k(seat: int) -> str:
    return "K" + str(seat).translate(_SUBSCRIPT)


def _not(negated: bool) -> str:
    return "¬" if negated else ""


def world_label(model: PossibleWorlds, i: int) -> str:
    """A world in short: each seat's hand in seat order, then any card shown by choice.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.game import FiveSonsGame
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC"),
    ...                       hearts=parse_cards("AH 2H 3H"))
    >>> game = FiveSonsGame.start(rules, parse_cards("JC AH"), [parse_cards("QC"),
    ...                           parse_cards("2H"), parse_cards("3H")])
    >>> world_label(PossibleWorlds.from_game(game), 0)
    'QC · 2H · 3H'
    """
    world = model.worlds[i]
    label = " · ".join(" ".join(codes(sorted(hand))) for hand in world.hands)
    twins = sum(1 for other in model.worlds
                if other.hands == world.hands and other.solution == world.solution)
    if twins > 1:
        label += " ▸" + " ".join(codes(card for card in world.shown if card is not None))
    return label


def seat_links_svg(model: PossibleWorlds, seat: int, lang: str = "en") -> str:
    """Every world labelled with its deal, grouped by solution, the real one ringed, and
    `seat`'s links between every two worlds it cannot tell apart (not only the real one).

    The worlds `seat` cannot tell from the real one are shaded in its colour
    and their links drawn strongest.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.game import FiveSonsGame
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> rules = FiveSonsRules(players=3, faces=parse_cards("JC QC"),
    ...                       hearts=parse_cards("AH 2H 3H"))
    >>> game = FiveSonsGame.start(rules, parse_cards("JC AH"), [parse_cards("QC"),
    ...                           parse_cards("2H"), parse_cards("3H")])
    >>> svg = seat_links_svg(PossibleWorlds.from_game(game), 1)
    >>> svg.count('class="cardlab-link'), 'QC · 2H · 3H' in svg
    (114, True)
    """
    columns: dict[tuple, list[int]] = {}
    for i, world in enumerate(model.worlds):
        columns.setdefault(world.solution, []).append(i)
    order = sorted(columns, key=lambda pair: (pair[0], pair[1].rank.sons))
    labels = {i: world_label(model, i) for i in range(len(model.worlds))}
    box_w = max(len(label) for label in labels.values()) * CHAR_W + 16
    step_x, step_y = box_w + COLUMN_GAP, BOX_H + ROW_GAP
    width = max(40 + step_x * len(order) - COLUMN_GAP, 420)
    colour = seat_colour(seat)
    # The legend wraps to the picture's width (German sentences are long).
    chars = int((width - 40) / CHAR_W)
    legend: list[tuple[str, str, str | None]] = [(line, colour, "bold") for line in textwrap.wrap(
        message("worlds_k.legend", lang, seat=seat), chars)]
    legend += [(line, INK, None) for line in textwrap.wrap(
        message("worlds_k.legend_real", lang, seat=seat), chars)]
    top = LINK_TOP + LEGEND_LINE * (len(legend) - 2)
    centre = {i: (20 + box_w / 2 + step_x * c, top + step_y * r + BOX_H / 2)
              for c, pair in enumerate(order) for r, i in enumerate(columns[pair])}
    rows = max(len(members) for members in columns.values())
    height = top + step_y * rows + 12
    groups = seat_groups(model, seat)
    mine = next(group for group in groups if model.real in group)
    pairs = sum(len(g) * (len(g) - 1) // 2 for g in groups)
    every_pair = pairs <= MAX_LINKS
    parts = [element("rect", width=width, height=height, fill=BACKGROUND)]
    parts += [element("text", line, x=20, y=24 + LEGEND_LINE * k, font_size=13, fill=ink,
                      font_weight=weight) for k, (line, ink, weight) in enumerate(legend)]
    parts += [element("text", " + ".join(codes(pair)), x=20 + box_w / 2 + step_x * c,
                      y=top - 12, text_anchor="middle", font_size=14, font_weight="bold",
                      fill=SOLUTION_COLOUR) for c, pair in enumerate(order)]
    for group in groups:
        strong = group is mine
        links = ([(a, b) for k, a in enumerate(group) for b in group[k + 1:]] if every_pair
                 else list(itertools.pairwise(group)))
        parts += [_link(centre[a], centre[b], box_w, colour, strong) for a, b in links]
    for i, (x, y) in centre.items():
        real = i == model.real
        parts.append(element(
            "g", None,
            element("rect", x=x - box_w / 2, y=y - BOX_H / 2, width=box_w, height=BOX_H, rx=5,
                    fill=tint(colour) if i in mine else BACKGROUND,
                    stroke=INK if real else SOFT_INK, stroke_width=3 if real else 1),
            element("text", labels[i], x=x, y=y + 4.5, text_anchor="middle", font_size=12,
                    fill=INK),
            data_world=i))
    title = message("worlds.title", lang, after=len(model.events), count=len(model.worlds))
    description = " ".join([
        title + ".",
        message("worlds_k.groups", lang, seat=seat, groups=len(groups),
                sizes=", ".join(str(len(g)) for g in groups)),
        message("worlds_k.real_group", lang, seat=seat, count=len(mine),
                worlds="; ".join(f"{' + '.join(codes(model.worlds[i].solution))}: {labels[i]}"
                                 for i in mine)),
        "" if every_pair else message("worlds_k.chains", lang, limit=MAX_LINKS)])
    return svg_document(width, height, title, element("g", None, *parts, font_family=FONT),
                        description=description.strip(), fluid=True)


def _link(start: tuple[float, float], end: tuple[float, float], box_w: float, colour: str,
          strong: bool) -> str:
    """A line between two worlds; within one column an arc to the right of the boxes."""
    (x1, y1), (x2, y2) = start, end
    style = {"stroke": colour, "stroke_width": 2.4 if strong else 1.2,
             "opacity": 0.95 if strong else 0.45, "fill": "none",
             "class_": "cardlab-link-real" if strong else "cardlab-link"}
    if x1 != x2:
        return element("line", x1=round(x1, 1), y1=round(y1, 1), x2=round(x2, 1),
                       y2=round(y2, 1), **style)
    bulge = x1 + box_w / 2 + 6 + abs(y2 - y1) / 6
    return element("path", d=f"M{x1 + box_w / 2:.1f},{y1:.1f} Q{bulge:.1f},{(y1 + y2) / 2:.1f} "
                   f"{x1 + box_w / 2:.1f},{y2:.1f}", **style)
