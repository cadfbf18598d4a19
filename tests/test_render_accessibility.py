"""The pictures are accessible: tooltips are real <title> elements, every colour pair
drawn meets WCAG AA, and the places stay apart for colour-blind readers."""

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from cardlab.cards import Suit, parse_cards
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.graph import fivesons_graph
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.render.notes import notes_svg
from cardlab.fivesons.render.worlds import worlds_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.render.cards import suit_colour
from cardlab.render.graph import graph_svg
from cardlab.render.palette import (
    BACKGROUND,
    CHANGED,
    MARK_CONTRAST,
    MUTED,
    PLAYED,
    SEAT_COLOURS,
    SOLUTION_COLOUR,
    STRIPE,
    TEXT_CONTRAST,
    contrast_ratio,
    label_colour,
    tint,
)
from cardlab.render.svg import element

from helpers.fivesons import random_game

NS = "{http://www.w3.org/2000/svg}"
PLACES = (*SEAT_COLOURS, SOLUTION_COLOUR)
#: Ticks and crosses are marks (3:1), not words (4.5:1).
MARKS = {"✓", "✗"}


def knowledge_pictures(players: int = 6, seed: int = 2) -> dict[str, str]:
    """Graphs (with changes, clauses and impossible edges) and the notes sheet of one game."""
    game = random_game(FiveSonsRules(players=players), seed=seed, questions=12)
    log = game.observation_log(0)
    after = len(log.events)
    graph = fivesons_graph(FiveSonsKnowledge.from_log(log, after))
    before = fivesons_graph(FiveSonsKnowledge.from_log(log, after - 1))
    public = fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(None), after))
    return {"graph": graph_svg(graph, before, show_impossible=True),
            "public": graph_svg(public), "notes": notes_svg(graph),
            "public notes": notes_svg(public)}


def worlds_picture() -> str:
    """Possible worlds of a three-seat game after two questions."""
    jc, qc, ah, h2, h3 = parse_cards("JC QC AH 2H 3H")
    rules = FiveSonsRules(players=3, faces=(jc, qc), hearts=(ah, h2, h3))
    game = FiveSonsGame.start(rules, (jc, ah), [(qc,), (h2,), (h3,)])
    game.ask(0, jc, h2)
    game.ask(1, qc, h3)
    return worlds_svg(PossibleWorlds.from_game(game))


PICTURES = {**knowledge_pictures(), "worlds": worlds_picture()}


# Tooltips


@pytest.mark.parametrize("name", PICTURES)
def test_tooltips_are_title_elements(name):
    root = ET.fromstring(PICTURES[name])
    text = "".join(root.itertext())
    assert "<title" not in text and "&lt;" not in PICTURES[name].replace("&lt;1%", "")
    tooltips = [node for node in root.iter(f"{NS}title") if node is not root.find(f"{NS}title")]
    assert len(tooltips) >= 5
    for parent in root.iter():
        titles = parent.findall(f"{NS}title")
        assert len(titles) <= 1
        if titles:       # the title comes first, so that it names its element
            assert next(iter(parent)) is titles[0] and titles[0].text


def test_edges_and_worlds_carry_their_tooltips():
    graph = ET.fromstring(PICTURES["graph"])
    edge_titles = [line.find(f"{NS}title") for line in graph.iter(f"{NS}line")]
    assert any(title is not None and " – " in title.text for title in edge_titles)
    worlds = ET.fromstring(PICTURES["worlds"])
    dots = [c for c in worlds.iter(f"{NS}circle") if c.get("r") == "5"]
    assert dots and all(" | 0: " in c.find(f"{NS}title").text for c in dots)


def test_a_tooltip_is_escaped_once():
    assert element("line", tooltip="a < b & c") == "<line><title>a &lt; b &amp; c</title></line>"


# Contrast (WCAG 2 AA: 4.5:1 for text, 3:1 for marks and lines)


def _painted(svg: str):
    """Yield (text, its fill, the fill of the topmost rectangle drawn under it), in order."""
    rects: list[tuple[float, float, float, float, str]] = []
    for node in ET.fromstring(svg).iter():
        if node.tag == f"{NS}rect" and node.get("fill", "none") != "none":
            x, y = float(node.get("x", 0)), float(node.get("y", 0))
            rects.append((x, y, x + float(node.get("width")), y + float(node.get("height")),
                          node.get("fill")))
        elif node.tag == f"{NS}text" and (node.text or "").strip():
            x, y = float(node.get("x")), float(node.get("y")) - 4   # inside the glyphs
            under = [fill for x0, y0, x1, y1, fill in rects if x0 <= x <= x1 and y0 <= y <= y1]
            yield node.text.strip(), node.get("fill"), under[-1]


@pytest.mark.parametrize("name", PICTURES)
def test_every_text_and_mark_in_the_pictures_has_enough_contrast(name):
    checked = 0
    for text, ink, paper in _painted(PICTURES[name]):
        needed = MARK_CONTRAST if text in MARKS else TEXT_CONTRAST
        assert contrast_ratio(ink, paper) >= needed, (text, ink, paper)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", ["graph", "public", "worlds"])
def test_solid_lines_stand_out_from_the_page(name):
    """Lines drawn at full strength (certain links, clauses, changes) reach 3:1.

    Uncertain links are faded on purpose, the fainter the less likely; their
    chance is in their tooltip and on the notes sheet.
    """
    lines = [line for line in ET.fromstring(PICTURES[name]).iter(f"{NS}line")
             if line.get("opacity") is None]
    assert lines
    for line in lines:
        assert contrast_ratio(line.get("stroke"), BACKGROUND) >= MARK_CONTRAST, line.attrib


def test_palette_pairs_used_by_the_renderers():
    for colour in PLACES:
        assert contrast_ratio(label_colour(colour), colour) >= TEXT_CONTRAST   # seat labels
        for paper in (BACKGROUND, STRIPE):                  # lines, bars, ticks
            assert contrast_ratio(colour, paper) >= MARK_CONTRAST, (colour, paper)
    for paper in (BACKGROUND, STRIPE):
        assert contrast_ratio(MUTED, paper) >= MARK_CONTRAST                 # crosses
    assert contrast_ratio(CHANGED, BACKGROUND) >= MARK_CONTRAST              # changed halo
    for suit in Suit:
        # Card faces, in either deck, are white.
        for four in (False, True):
            assert contrast_ratio(suit_colour(suit, four), BACKGROUND) >= TEXT_CONTRAST
        # Graph cards (two-colour deck): on grey when played, on a placed card's tint.
        for paper in (PLAYED, *(tint(c) for c in PLACES)):
            assert contrast_ratio(suit_colour(suit), paper) >= TEXT_CONTRAST, paper


def test_the_old_seat_colours_would_fail():
    """The check can fail: Okabe-Ito's sky blue under a white label, yellow on white."""
    assert contrast_ratio("#ffffff", "#56B4E9") < TEXT_CONTRAST
    assert contrast_ratio("#F0E442", BACKGROUND) < MARK_CONTRAST


# Colour-vision deficiency, simulated in linear RGB (Machado, Oliveira and
# Fernandes 2009, severity 1), compared in OKLab (Ottosson 2020).
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
#: About five times OKLab's just-noticeable difference (0.01): told apart at a glance.
DISTINCT = 0.05


def _linear(colour: str) -> list[float]:
    return [(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
            for c in (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))]


def _oklab(rgb) -> tuple[float, float, float]:
    r, g, b = rgb
    lms = [0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b,
           0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b,
           0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b]
    long, medium, short = (max(v, 0.0) ** (1 / 3) for v in lms)
    return (0.2104542553 * long + 0.7936177850 * medium - 0.0040720468 * short,
            1.9779984951 * long - 2.4285922050 * medium + 0.4505937099 * short,
            0.0259040371 * long + 0.7827717662 * medium - 0.8086757660 * short)


def _seen(colour: str, matrix=None) -> tuple[float, float, float]:
    rgb = _linear(colour)
    if matrix:
        rgb = [min(max(sum(w * c for w, c in zip(row, rgb, strict=True)), 0.0), 1.0)
               for row in matrix]
    return _oklab(rgb)


@pytest.mark.parametrize("vision", [None, *DEFICIENCIES])
def test_places_stay_apart_for_colour_blind_readers(vision):
    matrix = DEFICIENCIES.get(vision)
    for first, second in itertools.combinations(PLACES, 2):
        gap = math.dist(_seen(first, matrix), _seen(second, matrix))
        assert gap >= DISTINCT, (vision, first, second, round(gap, 3))


def test_the_distinctness_check_can_fail():
    """Red and green, told apart by everyone else, merge under deuteranopia."""
    matrix = DEFICIENCIES["deuteranopia"]
    assert math.dist(_seen("#d62728"), _seen("#2ca02c")) > DISTINCT
    assert math.dist(_seen("#d62728", matrix), _seen("#8c8c00", matrix)) < DISTINCT
