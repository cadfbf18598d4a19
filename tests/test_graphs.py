"""Knowledge graphs match the knowledge engines exactly, and draw as accessible SVG."""

import io
import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import networkx as nx
import pytest

from cardlab.blackwidow.graph import blackwidow_graph
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import play_game as play_blackwidow
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cli import main
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.graph import fivesons_graph
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.render.notes import notes_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.graphs import to_graphml, to_json
from cardlab.records import save_record
from cardlab.render.graph import NARROW, GraphPicture, graph_html, graph_svg, layout

from helpers.fivesons import random_game

NS = "{http://www.w3.org/2000/svg}"


def _location_edges(graph):
    return {(u, v): d for u, v, d in graph.edges(data=True)
            if d["kind"] in ("holds", "lacks", "may_hold")}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fivesons_graph_matches_the_knowledge_for_every_perspective(players):
    game = random_game(FiveSonsRules(players=players), seed=players, questions=14)
    for me in (*range(players), None):
        knowledge = FiveSonsKnowledge.from_log(game.observation_log(me))
        graph = fivesons_graph(knowledge)
        edges = _location_edges(graph)
        locations = [str(s) for s in range(players) if s != me] + [SOLUTION]
        for card, by_place in knowledge.counts.at.items():
            for place in locations:
                n = by_place[SOLUTION if place == SOLUTION else int(place)]
                edge = edges.pop((place, card.code))
                assert edge["share"] == f"{n}/{knowledge.worlds}"
                assert edge["p"] == float(Fraction(n, knowledge.worlds))
                assert edge["kind"] == ("holds" if n == knowledge.worlds else
                                        "lacks" if n == 0 else "may_hold")
                if edge["kind"] != "may_hold":
                    assert edge["why"]
        # What is left: the observer's own seat, which holds its cards and lacks the rest.
        assert all(u == str(me) for u, _ in edges)
        assert {v for (u, v), d in edges.items() if d["kind"] == "holds"} == {
            c.code for c in knowledge.log.hand}
        clauses = [n for n, d in graph.nodes(data=True) if d["kind"] == "clause"]
        assert len(clauses) == len(knowledge.clauses)


def test_blackwidow_graph_matches_the_card_counting():
    game = play_blackwidow(BlackWidowRules(players=4), ["random"] * 4, seed=3, hands=1)
    game.start_hand()
    while game.phase == "pass":
        game.pass_cards(game.turn, list(game.hand.deal[game.turn][:3]))
    for _ in range(17):
        game.play(game.legal_cards()[0])
    for me in range(4):
        knowledge = BlackWidowKnowledge.from_view(seat_view(game, me))
        edges = _location_edges(blackwidow_graph(knowledge))
        for card, by_seat in knowledge.counts.at.items():
            for seat, n in by_seat.items():
                assert edges[str(seat), card.code]["share"] == f"{n}/{knowledge.worlds}"
        played = {card.code for card in game.hand.plays}
        for (u, v), data in edges.items():
            if v in played and u != str(me):
                assert data["kind"] == "lacks" and "was played by seat" in data["why"]
        voids = {(str(v.seat), v.suit.letter) for v in knowledge.voids}
        for (u, v), data in edges.items():
            if (u, v[-1]) in voids and v not in played and u != str(me):
                assert data["kind"] == "lacks" and "did not follow" in data["why"]


def test_exports_round_trip():
    game = random_game(FiveSonsRules(players=4), seed=2, questions=10)
    graph = fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(1)))
    again = nx.node_link_graph(json.loads(to_json(graph)))
    assert sorted(again.edges(data=True)) == sorted(graph.edges(data=True))
    from_graphml = nx.read_graphml(io.BytesIO(to_graphml(graph).encode()))
    assert from_graphml.number_of_edges() == graph.number_of_edges()


def test_svg_is_accessible_xml_with_the_facts_as_text():
    game = random_game(FiveSonsRules(players=4), seed=2, questions=10)
    log = game.observation_log(0)
    graph = fivesons_graph(FiveSonsKnowledge.from_log(log))
    before = fivesons_graph(FiveSonsKnowledge.from_log(log, len(log.events) - 1))
    page = ET.fromstring(GraphPicture(graph)._repr_html_())   # the wide and the narrow one
    pictures = [ET.fromstring(svg) for svg in (graph_svg(graph, before),
                                               graph_svg(graph, show_impossible=True),
                                               graph_svg(graph, before, narrow=True),
                                               notes_svg(graph))]
    assert len(list(page.iter(f"{NS}svg"))) == 2
    for root in [*pictures, *page.iter(f"{NS}svg")]:
        assert root.get("role") == "img"
        assert root.find(f"{NS}title").text.endswith(
            f"What seat 0 knows after {len(log.events)} events")
        assert "Seat" in root.find(f"{NS}desc").text


def test_german_graph():
    game = random_game(FiveSonsRules(players=4), seed=2, questions=3)
    log = game.observation_log(0)
    graph = fivesons_graph(FiveSonsKnowledge.from_log(log), lang="de")
    assert graph.graph["title"] == f"Was Platz 0 nach {len(log.events)} Ereignissen weiß"
    svg = graph_svg(graph, lang="de")
    assert "Lösung" in svg
    # Cards read as their German corners (B for Bube); the facts name the cards in full.
    corners = set(re.findall(r">([0-9BDKA]+[♣♦♥♠])</text>", svg))
    assert corners and not re.search(r">[JQ][♣♦♥♠]</text>", svg)
    desc = ET.fromstring(svg).find(f"{NS}desc").text
    assert re.search(r"Platz \d ≠ \w+-\w+\.", desc) and not re.search(r"≠ [2-9TJQKA][CDHS]\.", desc)
    # The notes sheet's rows are named as a German reader reads them: "B♣", never "B♣  JC".
    rows = re.findall(r">([^<]*[♣♦♥♠][^<]*)</text>", notes_svg(graph, "de"))
    assert "B♣" in rows and not [row for row in rows if re.search(r"\b[2-9TJQKA][CDHS]\b", row)]


def test_cardlab_graph_command(tmp_path, capsys):
    game = random_game(FiveSonsRules(players=4), seed=4, questions=6)
    path = tmp_path / "game.json"
    save_record(game.to_record(), path)
    assert main(["graph", str(path), "--as", "2", "--after", "3", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    kinds = {node["kind"] for node in data["nodes"]}
    assert kinds >= {"seat", "solution", "card"} and data["graph"]["after"] == 3
    assert main(["graph", str(path), "--as", "public"]) == 0
    assert ET.fromstring(capsys.readouterr().out).get("role") == "img"
    black = play_blackwidow(BlackWidowRules(players=3), ["random"] * 3, seed=1, hands=1)
    bw_path = tmp_path / "bw.json"
    save_record(black.to_record(), bw_path)
    assert main(["graph", str(bw_path), "--as", "1", "--after", "10", "--format",
                 "graphml"]) == 0
    assert nx.read_graphml(io.StringIO(capsys.readouterr().out)).graph["after"] == 10


def _blackwidow_graph(plays):
    """Seat 0's graph after the passing and `plays` cards of a Black Widow hand."""
    game = play_blackwidow(BlackWidowRules(players=4), ["random"] * 4, seed=3, hands=1)
    game.start_hand()
    while game.phase == "pass":
        game.pass_cards(game.turn, list(game.hand.deal[game.turn][:3]))
    for _ in range(plays):
        game.play(game.legal_cards()[0])
    return blackwidow_graph(BlackWidowKnowledge.from_view(seat_view(game, 0)))


def _boxes(root, height):
    """The (x, y, width, height) of every rect `height` high: the places' boxes (46), or the
    cards' (30)."""
    return [tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
            for r in root.iter(f"{NS}rect") if r.get("height") == str(height)]


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("players", [3, 6])
def test_the_narrow_picture_fits_a_phone_at_its_natural_size(players):
    """Five Sons with 7 places, and Black Widow's 52 cards: every place, card and line of
    text inside a frame of 360 px, places and cards apart, the text as large as wide."""
    game = random_game(FiveSonsRules(players=players), seed=3, questions=4)
    graphs = [fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(None)),
                             lang="de")]
    graphs.append(_blackwidow_graph(plays=12))
    for graph in graphs:
        wide = ET.fromstring(graph_svg(graph, focus="solution"))
        root = ET.fromstring(graph_svg(graph, focus="solution", narrow=True))
        assert root.get("viewBox").startswith(f"0 0 {NARROW.width} ")
        assert root.get("style") == f"width:100%;max-width:{NARROW.width}px;height:auto"
        assert root.find(f"{NS}title").text == wide.find(f"{NS}title").text
        assert root.find(f"{NS}desc").text == wide.find(f"{NS}desc").text
        sizes = {t.get("font-size") for t in root.iter(f"{NS}text")}
        assert sizes == {t.get("font-size") for t in wide.iter(f"{NS}text")}
        height = float(root.get("height"))
        places, cards = _boxes(root, 46), _boxes(root, 30)
        assert len(places) == sum(d["kind"] in ("seat", "solution")
                                  for _, d in graph.nodes(data=True))
        assert len(cards) == sum(d["kind"] == "card" for _, d in graph.nodes(data=True))
        for x, y, w, h in places + cards:
            assert x >= 0 and y >= 0 and x + w <= NARROW.width and y + h <= height
        for boxes in (places, cards):
            assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        # Left-aligned text (legend, title, count of deals): estimated to end inside.
        for text in root.iter(f"{NS}text"):
            if text.get("text-anchor") is None and text.text:
                assert float(text.get("x")) + 7.8 * len(text.text) <= NARROW.width + 20, text.text


def test_the_narrow_layout_keeps_rows_even_and_the_wide_one_unchanged():
    graph = _blackwidow_graph(plays=0)
    narrow, wide = layout(graph, NARROW), layout(graph)
    spades = [node for node, d in graph.nodes(data=True) if d.get("group") == "S"]
    rows = sorted({narrow[card][1] for card in spades})
    assert [sum(narrow[card][1] == y for card in spades) for y in rows] == [5, 5, 3]
    assert len({wide[card][1] for card in spades}) == 1


@pytest.mark.parametrize(("players", "me"), [(4, 0), (5, 0), (6, 0), (6, 4)])
def test_on_a_phone_no_line_of_the_viewers_own_cards_runs_under_another_seat(players, me):
    """In rows of places a line from an upper row to the cards below crosses the boxes of
    the rows under it, and seems to come out of them: the viewer, whose whole hand is
    drawn in lines, sits in the last row."""
    game = play_blackwidow(BlackWidowRules(players=players, pass_cycle=("hold",)),
                           ["random"] * players, seed=3, hands=1)
    game.start_hand()
    graph = blackwidow_graph(BlackWidowKnowledge.from_view(seat_view(game, me)))
    at = layout(graph, NARROW)
    others = [at[str(seat)] for seat in range(players) if seat != me]
    assert len({y for _, y in others} | {at[str(me)][1]}) == 2        # two rows of places
    (x0, y0) = at[str(me)]
    for card, data in graph[str(me)].items():
        if data["kind"] != "holds":
            continue
        x1, y1 = at[card]
        for step in range(101):
            x, y = x0 + (x1 - x0) * step / 100, y0 + (y1 - y0) * step / 100
            assert not any(abs(x - ox) < NARROW.location_w / 2 and abs(y - oy) < 23
                           for ox, oy in others), (card, (x, y))


def test_the_page_shows_the_narrow_picture_below_720_px():
    game = random_game(FiveSonsRules(players=4), seed=2, questions=3)
    graph = fivesons_graph(FiveSonsKnowledge.from_log(game.observation_log(1)))
    page = graph_html(graph, lang="de", focus="3")
    assert page.index('class="cardlab-graph-wide"') < page.index('class="cardlab-graph-narrow"')
    assert "@media (max-width: 720px) { .cardlab-graph-wide { display: none; }" in page
    assert graph_svg(graph, lang="de", focus="3") in page
    assert graph_svg(graph, lang="de", focus="3", narrow=True) in page


def test_a_table_names_long_seat_names_in_full_but_draws_them_short_in_their_boxes():
    game = play_blackwidow(BlackWidowRules(pass_cycle=("hold",)), ["random"] * 4, seed=3,
                           hands=1)
    view = seat_view(game, 0)
    graph = blackwidow_graph(BlackWidowKnowledge.from_view(view), "en",
                             "Seat {} (Beginner)".format)
    assert [graph.nodes[str(seat)]["label"] for seat in range(4)] == [
        "You", "Seat 1 (Beginner)", "Seat 2 (Beginner)", "Seat 3 (Beginner)"]
    for narrow in (False, True):
        root = ET.fromstring(graph_svg(graph, narrow=narrow))
        drawn = {text.text for text in root.iter(f"{NS}text")}
        titles = {title.text for title in root.iter(f"{NS}title")}
        assert {"You", "Seat 1", "Seat 3"} <= drawn and "Seat 1 (Beginner)" not in drawn
        assert "Seat 1 (Beginner)" in titles
