"""Possible worlds as SVG. The lesson's picture shows one seat's view: every world a box
labelled with its deal under its solution, the real one in a thick frame, the worlds the
seat cannot tell from it shaded with the seat's dashed frame, and a letter for each group
of worlds the seat cannot tell apart. The explorer's picture joins them with lines.

>>> from cardlab.fivesons.worlds import PossibleWorlds, tiny_game
>>> 'role="img"' in worlds_svg(PossibleWorlds.from_game(tiny_game()))
True
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass

from cardlab.cards import Card
from cardlab.fivesons.cards import sons
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.i18n import Count, message
from cardlab.render.cards import FONT
from cardlab.render.palette import (
    BACKGROUND,
    INK,
    MUTED,
    SOFT_INK,
    SOLUTION_COLOUR,
    seat_colour,
    tint,
)
from cardlab.render.svg import element, svg_document


def statements(model: PossibleWorlds, lang: str = "en") -> list[tuple[int, str]]:
    """Who knows the solution, and who knows that, in the real world: (seat, sentence)."""
    seats = range(model.rules.players)
    lines = [(seat, message("fivesons.worlds.knows" if model.knows_solution(seat)
                            else "fivesons.worlds.does_not_know", lang, seat=seat))
             for seat in seats]
    for i in seats:
        for j in seats:
            if i != j and model.knows_solution(i):
                key = "fivesons.worlds.knows_that" if model.knows_that_knows(j, i) else \
                    "fivesons.worlds.not_knows_that"
                lines.append((j, message(key, lang, i=i, j=j)))
    return lines


#: The picture's natural width: it fits a phone (390 px) without shrinking its text.
WIDTH = 372
#: Margin, gap between boxes, box height, text size and the width of one character at it.
MARGIN, GAP, BOX_H, FONT_SIZE, CHAR_W = 10, 8, 26, 13, 7.6
#: Each seat's frame has its own dash pattern as well as its own colour.
DASHES = ("7 4", "2 3", "10 3 2 3", "4 4", "12 4", "1 4")


def cards_label(cards: Iterable[Card], lang: str = "en", joiner: str = " ",
                full: bool = False) -> str:
    """Several cards as their corners show them, joined: ``J♣ + A♥`` (`full`: by their full
    names, for the sentences a screen reader reads).

    >>> from cardlab.cards import parse_cards
    >>> cards_label(parse_cards("JC AH"), joiner=" + ")
    'J♣ + A♥'
    >>> cards_label(parse_cards("JC AH"), "de", " + ", full=True)
    'Kreuz-Bube + Herz-Ass'
    """
    return joiner.join(card.name(lang) if full else card.label(lang) for card in cards)


def deal_label(model: PossibleWorlds, i: int, lang: str = "en", full: bool = False) -> str:
    """World `i`'s deal: each seat's hand in seat order, then any card shown by choice
    (`full`: cards by their full names).

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> deal_label(PossibleWorlds.from_game(game), 0, "de")
    'D♣ · 2♥ · 3♥'
    """
    world = model.worlds[i]
    label = " · ".join(cards_label(sorted(hand), lang, full=full) for hand in world.hands)
    twins = sum(1 for other in model.worlds
                if other.hands == world.hands and other.solution == world.solution)
    if twins > 1:
        label += " ▸" + cards_label((card for card in world.shown if card is not None), lang,
                                    full=full)
    return label


def _world_names(model: PossibleWorlds, worlds: Iterable[int], lang: str) -> str:
    """Worlds in a sentence: each one's solution and deal, cards by their full names."""
    return "; ".join(f"{cards_label(model.worlds[i].solution, lang, ' + ', full=True)}: "
                     f"{deal_label(model, i, lang, full=True)}" for i in worlds)


def group_names(model: PossibleWorlds, seat: int) -> dict[int, str]:
    """A name for each world: worlds `seat` cannot tell apart share it (A, B, ... Z, 27, ...).

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> sorted(set(group_names(PossibleWorlds.from_game(game), 0).values()))
    ['A', 'B', 'C', 'D', 'E']
    """
    return {i: chr(ord("A") + k) if k < 26 else str(k + 1)
            for k, group in enumerate(seat_groups(model, seat)) for i in group}


def worlds_svg(model: PossibleWorlds, lang: str = "en", seat: int = 0) -> str:
    """Seat `seat`'s view of the model: one box per world, labelled with its deal and
    grouped under its solution; the real world in a thick frame; the worlds `seat`
    cannot tell from it shaded in its colour with its dashed frame; a letter per
    group of worlds `seat` cannot tell apart. Narrow enough for a phone.
    """
    names = group_names(model, seat)
    mine = set(model.indistinguishable(seat))
    labels = {i: deal_label(model, i, lang) for i in range(len(model.worlds))}
    box_w = max(len(label) for label in labels.values()) * CHAR_W + 54
    columns = max(1, int((WIDTH - 2 * MARGIN + GAP) // (box_w + GAP)))
    width = max(WIDTH, 2 * MARGIN + box_w)
    colour, dash = seat_colour(seat), DASHES[seat % len(DASHES)]
    chars = int((width - 2 * MARGIN - 40) / CHAR_W)
    parts: list[str] = []
    y = MARGIN + 4.0
    legend = [("real", "fivesons.worlds.legend_real"), ("mine", "fivesons.worlds.legend_seat"),
              ("letter", "fivesons.worlds.legend_letter"), ("deal", "fivesons.worlds.legend_deal")]
    for sample, key in legend:
        lines = textwrap.wrap(message(key, lang, seat=seat, seats=", ".join(
            str(s) for s in range(model.rules.players))), chars)
        parts.append(_sample(sample, MARGIN, y, colour, dash))
        parts += [element("text", line, x=MARGIN + 40, y=y + 13 + 17 * k, font_size=FONT_SIZE,
                          fill=INK) for k, line in enumerate(lines)]
        y += 17 * len(lines) + 6
    blocks: dict[tuple[Card, Card], list[int]] = {}
    for i, world in enumerate(model.worlds):
        blocks.setdefault(world.solution, []).append(i)
    for pair in sorted(blocks, key=lambda pair: (pair[0], sons(pair[1]))):
        y += 22
        heading = message("fivesons.worlds.solution_heading", lang,
                          solution=cards_label(pair, lang, " + "))
        parts.append(element("text", heading, x=MARGIN, y=y, font_size=14, font_weight="bold",
                             fill=SOLUTION_COLOUR))
        parts.append(element("line", x1=MARGIN, y1=y + 6, x2=width - MARGIN, y2=y + 6,
                             stroke=SOLUTION_COLOUR, stroke_width=1))
        y += 16
        for k, i in enumerate(blocks[pair]):
            x = MARGIN + (k % columns) * (box_w + GAP)
            top = y + (k // columns) * (BOX_H + GAP)
            parts.append(_box(model, i, x, top, box_w, labels[i], names[i],
                              (colour, dash) if i in mine else None, lang))
        y += ((len(blocks[pair]) - 1) // columns + 1) * (BOX_H + GAP)
    height = y + MARGIN
    title = message("fivesons.worlds.view_title", lang, seat=seat, title=message(
        "fivesons.worlds.title", lang, after=len(model.events), count=len(model.worlds)))
    real = model.worlds[model.real]
    description = " ".join([
        title + ".",
        message("fivesons.worlds.real", lang,
                solution=cards_label(real.solution, lang, " + ", full=True),
                hands="; ".join(cards_label(sorted(h), lang, ", ", full=True)
                                for h in real.hands)),
        message("fivesons.worlds.cannot_tell", lang, seat=seat,
                count=Count("count.worlds", len(mine)).label(lang),
                worlds=_world_names(model, sorted(mine), lang)),
        message("fivesons.worlds.letters", lang, seat=seat, worlds="; ".join(
            f"{names[i]}, {_world_names(model, [i], lang)}" for i in range(len(model.worlds))))])
    return svg_document(width, height, title, element("rect", width=width, height=height,
                                                      fill=BACKGROUND),
                        element("g", None, *parts, font_family=FONT),
                        description=description, fluid=True)


def _frame(x: float, y: float, w: float, h: float, seat: tuple[str, str] | None) -> str:
    """A world's box: shaded with a dashed frame in the seat's colour, or plain."""
    if seat is None:
        return element("rect", x=x, y=y, width=w, height=h, rx=5, fill=BACKGROUND,
                       stroke=MUTED, stroke_width=1)
    colour, dash = seat
    return element("rect", x=x, y=y, width=w, height=h, rx=5, fill=tint(colour), stroke=colour,
                   stroke_width=2.2, stroke_dasharray=dash)


def _sample(kind: str, x: float, y: float, colour: str, dash: str) -> str:
    """The legend's sample of a mark, 30 by 18 pixels at (x, y)."""
    if kind == "real":
        return element("g", None, _frame(x + 2, y + 2, 26, 14, None),
                       element("rect", x=x - 1, y=y - 1, width=32, height=20, rx=6, fill="none",
                               stroke=INK, stroke_width=2.5))
    if kind == "mine":
        return _frame(x, y, 30, 18, (colour, dash))
    if kind == "letter":
        return element("text", "A", x=x + 15, y=y + 14, text_anchor="middle", font_size=13,
                       font_weight="bold", fill=INK)
    return _frame(x, y, 30, 18, None)


def _box(model: PossibleWorlds, i: int, x: float, y: float, w: float, label: str, name: str,
         seat: tuple[str, str] | None, lang: str) -> str:
    """World `i` as a box at (x, y): a dot, its deal and its group's letter."""
    world = model.worlds[i]
    hands = "; ".join(f"{s}: {cards_label(sorted(hand), lang, ', ', full=True)}"
                      for s, hand in enumerate(world.hands))
    solution = cards_label(world.solution, lang, " + ", full=True)
    parts = [_frame(x, y, w, BOX_H, seat),
             element("circle", tooltip=f"{solution} | {hands}",
                     cx=x + 12, cy=y + BOX_H / 2, r=5, fill=SOFT_INK),
             element("text", label, x=x + 24, y=y + 17.5, font_size=FONT_SIZE, fill=INK),
             element("text", name, x=x + w - 10, y=y + 17.5, text_anchor="middle",
                     font_size=FONT_SIZE, font_weight="bold", fill=INK)]
    if i == model.real:
        parts += [element("rect", x=x - 3.5, y=y - 3.5, width=w + 7, height=BOX_H + 7, rx=7,
                          fill="none", stroke=INK, stroke_width=2.5),
                  element("circle", cx=x + 12, cy=y + BOX_H / 2, r=8.5, fill="none", stroke=INK,
                          stroke_width=2)]
    return element("g", None, *parts, data_world=i)


@dataclass
class WorldsPicture:
    """Seat `seat`'s view of a possible-worlds model, to show in Jupyter, Voila or HTML."""

    model: PossibleWorlds
    lang: str = "en"
    seat: int = 0

    def _repr_html_(self) -> str:
        return worlds_svg(self.model, self.lang, self.seat)

    def _repr_svg_(self) -> str:
        return worlds_svg(self.model, self.lang, self.seat)


#: Subscript digits for the seats in K-notation (K₁ is "seat 1 knows").
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
#: One seat's links are drawn between every two worlds it cannot tell apart up to this many
#: lines; above it each group of worlds is joined as a chain (the same groups, fewer lines).
MAX_LINKS = 600
BOX_H, ROW_GAP, COLUMN_GAP, CHAR_W, LINK_TOP, LEGEND_LINE = 22, 8, 34, 7.4, 96, 19
#: Below a band of columns, the room for the next band's row of solutions.
BAND_GAP = 30


@dataclass(frozen=True)
class Statement:
    """One statement about knowing, true in the real world: `notation` as in K-notation."""

    notation: str
    words: str
    #: The seat that knows (or does not): the outermost K.
    seat: int


def seat_groups(model: PossibleWorlds, seat: int) -> list[list[int]]:
    """The worlds `seat` cannot tell apart, as groups (its equivalence classes), in world order.

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> [len(group) for group in seat_groups(PossibleWorlds.from_game(game), 0)]
    [6, 8, 8, 8, 6]
    """
    groups: dict[tuple[object, ...], list[int]] = {}
    for i, world in enumerate(model.worlds):
        groups.setdefault(world.signature(seat, model.events), []).append(i)
    return list(groups.values())


def k_statements(model: PossibleWorlds, lang: str = "en") -> list[Statement]:
    """What is true in the real world about knowing the solution, in words and in K-notation.

    First each seat (``K₁ solution`` or ``¬K₁ solution``), then what each seat
    knows about each other seat's knowing (``K₀ K₁ solution``, ``K₀ ¬K₁ solution``,
    or ``¬K₀ K₁ solution`` when seat 0 cannot tell).

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> [s.notation for s in k_statements(PossibleWorlds.from_game(game))][:4]
    ['¬K₀ solution', '¬K₁ solution', '¬K₂ solution', 'K₀ ¬K₁ solution']
    """
    seats = range(model.rules.players)
    groups = {seat: seat_groups(model, seat) for seat in seats}
    knows = {seat: _knowing(model, groups[seat]) for seat in seats}
    real = {seat: next(g for g in groups[seat] if model.real in g) for seat in seats}
    solution = message("fivesons.worlds_picture.solution", lang)
    lines = [Statement(f"{_not(not knows[i][model.real])}{_k(i)} {solution}",
                       message("fivesons.worlds.knows" if knows[i][model.real] else
                               "fivesons.worlds.does_not_know", lang, seat=i), i) for i in seats]
    for j in seats:
        for i in seats:
            if i == j:
                continue
            inner = knows[i][model.real]
            sure = all(knows[i][w] == inner for w in real[j])
            if inner:
                key = "fivesons.worlds.knows_that" if sure else "fivesons.worlds.not_knows_that"
            else:
                key = ("fivesons.worlds_picture.knows_not" if sure
                       else "fivesons.worlds.not_knows_that")
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


def seat_links_svg(model: PossibleWorlds, seat: int, lang: str = "en",
                   legend: bool = True, fit: float | None = None) -> str:
    """Every world labelled with its deal, grouped by solution, the real one ringed, and
    `seat`'s links between every two worlds it cannot tell apart (not only the real one).

    The worlds `seat` cannot tell from the real one are shaded in its colour
    and their links drawn strongest. `legend` False leaves out the legend (`seat_links_legend`)
    for a page that writes it beside the picture, where it wraps to a phone's width. A `fit`
    (px) lays the solutions' columns out in bands of as many as fit that width, one band
    below the other, so that a phone shows the picture at its natural size.

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> svg = seat_links_svg(PossibleWorlds.from_game(game), 1)
    >>> svg.count('class="cardlab-link'), 'Q♣ · 2♥ · 3♥' in svg
    (114, True)
    >>> narrow = seat_links_svg(PossibleWorlds.from_game(game), 1, legend=False, fit=356)
    >>> float(narrow.split('width="')[1].split('"')[0]) <= 356
    True
    """
    columns: dict[tuple[Card, Card], list[int]] = {}
    for i, world in enumerate(model.worlds):
        columns.setdefault(world.solution, []).append(i)
    order = sorted(columns, key=lambda pair: (pair[0], sons(pair[1])))
    labels = {i: deal_label(model, i, lang) for i in range(len(model.worlds))}
    box_w = max(len(label) for label in labels.values()) * CHAR_W + 16
    step_x, step_y = box_w + COLUMN_GAP, BOX_H + ROW_GAP
    band = len(order) if fit is None else max(1, int((fit - 40 + COLUMN_GAP) // step_x))
    width = max(40 + step_x * min(band, len(order)) - COLUMN_GAP, 420 if fit is None else 0)
    colour = seat_colour(seat)
    # The legend wraps to the picture's width (German sentences are long).
    chars = int((width - 40) / CHAR_W)
    lines: list[tuple[str, str, str | None]] = [
        *((line, colour, "bold") for line in textwrap.wrap(
            message("fivesons.worlds_picture.legend", lang, seat=seat), chars)),
        *((line, INK, None) for line in textwrap.wrap(
            message("fivesons.worlds_picture.legend_real", lang, seat=seat), chars))
    ] if legend else []
    top = LINK_TOP + LEGEND_LINE * (len(lines) - 2)
    # Each band's top: below the band before it and that band's row of solutions.
    tops = [top]
    for start in range(0, len(order), band):
        rows = max(len(columns[pair]) for pair in order[start:start + band])
        tops.append(tops[-1] + step_y * rows + BAND_GAP)
    place = {c: (20 + box_w / 2 + step_x * (c % band), tops[c // band])
             for c in range(len(order))}
    centre = {i: (place[c][0], place[c][1] + step_y * r + BOX_H / 2)
              for c, pair in enumerate(order) for r, i in enumerate(columns[pair])}
    height = tops[-1] - BAND_GAP + 12
    groups = seat_groups(model, seat)
    mine = next(group for group in groups if model.real in group)
    pairs = sum(len(g) * (len(g) - 1) // 2 for g in groups)
    every_pair = pairs <= MAX_LINKS
    parts = [element("rect", width=width, height=height, fill=BACKGROUND)]
    parts += [element("text", line, x=20, y=24 + LEGEND_LINE * k, font_size=13, fill=ink,
                      font_weight=weight) for k, (line, ink, weight) in enumerate(lines)]
    parts += [element("text", cards_label(pair, lang, " + "), x=place[c][0],
                      y=place[c][1] - 12, text_anchor="middle", font_size=14, font_weight="bold",
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
    title = message("fivesons.worlds.title", lang, after=len(model.events), count=len(model.worlds))
    description = " ".join([
        title + ".",
        message("fivesons.worlds_picture.groups", lang, seat=seat, groups=len(groups),
                sizes=", ".join(str(len(g)) for g in groups)),
        message("fivesons.worlds_picture.real_group", lang, seat=seat,
                count=Count("count.worlds", len(mine)).label(lang),
                worlds=_world_names(model, mine, lang)),
        "" if every_pair else message("fivesons.worlds_picture.chains", lang, limit=MAX_LINKS)])
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
    # Capped: across the bands of a phone's picture an arc would bulge out of the picture.
    bulge = x1 + box_w / 2 + 6 + min(abs(y2 - y1) / 6, 14)
    return element("path", d=f"M{x1 + box_w / 2:.1f},{y1:.1f} Q{bulge:.1f},{(y1 + y2) / 2:.1f} "
                   f"{x1 + box_w / 2:.1f},{y2:.1f}", **style)


def seat_links_legend(seat: int, lang: str = "en") -> list[str]:
    """The legend of `seat_links_svg`: what its links and its shading mean.

    >>> seat_links_legend(1)[1]
    'Thick frame: the real world. Shaded: the worlds seat 1 cannot tell from it.'
    """
    return [message("fivesons.worlds_picture.legend", lang, seat=seat),
            message("fivesons.worlds_picture.legend_real", lang, seat=seat)]
