"""Possible worlds: a worked example checked by hand, and agreement with exact inference."""

import xml.etree.ElementTree as ET

import pytest

from cardlab.cards import parse_cards
from cardlab.errors import CardlabError
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.render.worlds import (
    DASHES,
    WIDTH,
    deal_label,
    group_names,
    k_statements,
    seat_groups,
    seat_links_svg,
    worlds_svg,
)
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import MAX_DEALS, PossibleWorlds, _deals, deal_count

from helpers.fivesons import random_game

JC, QC, AH, H2, H3 = parse_cards("JC QC AH 2H 3H")
TINY = FiveSonsRules(players=3, faces=(JC, QC), hearts=(AH, H2, H3))


def tiny_game():
    """Solution JC and AH; seat 0 holds QC, seat 1 holds 2H, seat 2 holds 3H."""
    return FiveSonsGame.start(TINY, (JC, AH), [(QC,), (H2,), (H3,)])


def test_before_any_question():
    model = PossibleWorlds.from_game(tiny_game())
    assert len(model.worlds) == 2 * 3 * 6          # solutions times ways to deal 3 cards
    # Seat 0 holds QC, so the hidden face is JC; any of three hearts may be hidden.
    assert {model.worlds[i].solution for i in model.indistinguishable(0)} == {
        (JC, AH), (JC, H2), (JC, H3)}
    assert not any(model.knows_solution(seat) for seat in range(3))


def test_a_shown_card_removes_worlds_and_cuts_edges():
    game = tiny_game()
    game.ask(0, JC, H2)                            # seat 1 shows 2H to seat 0
    model = PossibleWorlds.from_game(game)
    # Everyone learns seat 1 holds JC or 2H: 6 worlds with JC there, 8 with 2H.
    assert len(model.worlds) == 14
    # Seat 0 saw 2H: the hidden heart is AH or 3H, seat 2 holds the other.
    assert len(model.indistinguishable(0)) == 2
    assert not model.knows_solution(0)
    before = PossibleWorlds.from_game(game, after=0).graph()
    after = model.graph()
    assert after.number_of_nodes() < before.number_of_nodes()


def test_who_knows_and_who_knows_that():
    game = tiny_game()
    game.ask(0, JC, H2)                            # seat 1 shows 2H to seat 0
    game.ask(1, QC, H3)                            # seat 2 shows 3H to seat 1
    model = PossibleWorlds.from_game(game)
    # Seat 0 holds QC, so seat 2 showed 3H: AH is hidden.
    assert model.knows_solution(0)
    # Seat 1 knows AH is hidden but not which face seat 0 holds.
    assert not model.knows_solution(1)
    assert not model.knows_solution(2)
    # In every world seats 1 and 2 consider possible, seat 0 can work the solution out.
    assert model.knows_that_knows(1, 0)
    assert model.knows_that_knows(2, 0)
    assert len(model.indistinguishable(2)) == 4
    graph = model.graph()
    assert graph.nodes[model.real]["real"] is True
    assert all(data["seats"] for _, _, data in graph.edges(data=True))


def test_own_wrong_guess_tells_the_guesser():
    game = tiny_game()
    game.ask(0, JC, H2)
    game.guess(2, QC, H2)
    model = PossibleWorlds.from_game(game)
    assert model.knows_solution(2) and model.knows_that_knows(2, 2)


@pytest.mark.parametrize("seed", range(12))
def test_knowing_agrees_with_exact_inference(seed):
    rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"), hearts=(AH, H2, H3))
    game = random_game(rules, seed, questions=5, wrong_guess_rate=0.1)
    model = PossibleWorlds.from_game(game)
    for seat in range(3):
        knowledge = FiveSonsKnowledge.from_log(game.observation_log(seat))
        deals = {(model.worlds[i].solution, model.worlds[i].hands)
                 for i in model.indistinguishable(seat)}
        assert len(deals) == knowledge.worlds
        assert model.knows_solution(seat) == (len(knowledge.counts.pairs) == 1)


def test_large_decks_are_refused():
    with pytest.raises(CardlabError, match="too many to list"):
        PossibleWorlds.from_game(FiveSonsGame.deal(FiveSonsRules(players=4), seed=1))


def test_large_decks_with_events_are_refused_up_front_naming_the_deals():
    game = random_game(FiveSonsRules(players=4), seed=2, questions=6, wrong_guess_rate=0)
    with pytest.raises(CardlabError) as info:
        PossibleWorlds.from_game(game)
    assert info.value.key == "fivesons.worlds.too_many_deals"
    assert str(info.value).startswith("1407929402880 deals would each have to be checked")
    assert "\n" not in str(info.value) and "1407929402880" in info.value.text("de")


def test_deal_count_is_what_the_model_walks_through():
    rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"), hearts=(AH, H2, H3))
    assert deal_count(rules) == sum(1 for _ in _deals(rules)) == 9 * 12
    assert deal_count(FiveSonsRules(players=4)) > MAX_DEALS


def test_a_seats_groups_are_what_it_cannot_tell_apart_in_every_world():
    game = tiny_game()
    game.ask(0, JC, H2)
    model = PossibleWorlds.from_game(game)
    for seat in range(3):
        groups = seat_groups(model, seat)
        assert sorted(i for group in groups for i in group) == list(range(len(model.worlds)))
        for group in groups:
            for world in group:
                assert model.indistinguishable(seat, world) == group


def test_k_statements_are_the_truth_in_the_real_world():
    game = tiny_game()
    game.ask(0, JC, H2)                            # seat 1 shows 2H to seat 0
    game.ask(1, QC, H3)                            # seat 2 shows 3H to seat 1
    model = PossibleWorlds.from_game(game)
    said = {s.notation: s.words for s in k_statements(model)}
    assert said["K₀ solution"] == "Seat 0 knows the solution."
    assert said["¬K₁ solution"] == "Seat 1 does not know the solution."
    assert said["K₁ K₀ solution"] == "Seat 1 knows that seat 0 knows the solution."
    assert said["K₂ K₀ solution"] == "Seat 2 knows that seat 0 knows the solution."
    for statement in k_statements(model):
        parts = statement.notation.split()
        if len(parts) == 3:                        # [¬]Kj [¬]Ki solution
            j, i = (int(p[-1].translate(str.maketrans("₀₁₂", "012"))) for p in parts[:2])
            inner = model.knows_solution(i)
            assert parts[1].startswith("¬") == (not inner)
            sure = all(model.knows_solution(i, w) == inner
                       for w in model.indistinguishable(j))
            assert parts[0].startswith("¬") == (not sure)
    german = {s.notation for s in k_statements(model, "de")}
    assert "K₁ K₀ Lösung" in german


def test_seat_links_join_every_two_worlds_a_seat_cannot_tell_apart():
    model = PossibleWorlds.from_game(tiny_game())
    svg = seat_links_svg(model, 2, "de")
    groups = seat_groups(model, 2)
    real = next(g for g in groups if model.real in g)
    assert svg.count('class="cardlab-link"') + svg.count('class="cardlab-link-real"') == sum(
        len(g) * (len(g) - 1) // 2 for g in groups)
    assert svg.count('class="cardlab-link-real"') == len(real) * (len(real) - 1) // 2
    assert svg.count("data-world=") == len(model.worlds)
    assert "D♣ · 2♥ · 3♥" in svg and "B♣ + A♥" in svg and "QC" not in svg
    assert "Verbindungen von Platz 2" in svg and "<desc>" in svg


NS = "{http://www.w3.org/2000/svg}"


def _after_one():
    game = tiny_game()
    game.ask(0, JC, H2)
    return PossibleWorlds.from_game(game)


def _boxes(svg):
    """Each world's group: (world index, its frame, its texts)."""
    for group in ET.fromstring(svg).iter(f"{NS}g"):
        if group.get("data-world") is not None:
            yield (int(group.get("data-world")), group.find(f"{NS}rect"),
                   [t.text for t in group.iter(f"{NS}text")])


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seats_view_shades_exactly_the_worlds_it_cannot_tell_from_the_real_one(seat):
    model = _after_one()
    svg = worlds_svg(model, "en", seat)
    boxes = list(_boxes(svg))
    assert sorted(i for i, _, _ in boxes) == list(range(len(model.worlds)))
    shaded = {i for i, frame, _ in boxes if frame.get("stroke-dasharray") == DASHES[seat]}
    assert shaded == set(model.indistinguishable(seat))
    names = group_names(model, seat)
    for i, _, texts in boxes:
        # Each box says its deal and its group's letter; the same letter means one group.
        assert texts == [deal_label(model, i), names[i]]
    for group in seat_groups(model, seat):
        assert len({names[i] for i in group}) == 1
    assert len(set(names.values())) == len(seat_groups(model, seat))


def test_exercise_one_can_be_counted_from_seat_zeros_view():
    svg = worlds_svg(_after_one(), "en", 0)
    shaded = [texts for _, frame, texts in _boxes(svg) if frame.get("stroke-dasharray")]
    assert sorted(texts[0] for texts in shaded) == ["Q♣ · 2♥ · 3♥", "Q♣ · 2♥ · A♥"]
    desc = ET.fromstring(svg).find(f"{NS}desc").text
    assert ("Seat 0 cannot tell 2 worlds from the real one (the real one included): "
            "Jack of Clubs + Ace of Hearts: Queen of Clubs · Two of Hearts · Three of Hearts; "
            "Jack of Clubs + Three of Hearts: Queen of Clubs · Two of Hearts · Ace of Hearts."
            ) in desc


def test_the_view_fits_a_phone_with_readable_text_and_no_overlap():
    for model in (PossibleWorlds.from_game(tiny_game()), _after_one()):
        for lang in ("en", "de"):
            root = ET.fromstring(worlds_svg(model, lang, 2))
            width = float(root.get("width"))
            assert width == WIDTH <= 380           # shown at full size on a 390 px phone
            assert min(float(t.get("font-size")) for t in root.iter(f"{NS}text")) >= 12
            frames = [(float(r.get("x")), float(r.get("y")), float(r.get("width")),
                       float(r.get("height"))) for _, r, _ in _boxes(ET.tostring(root, "unicode"))]
            assert all(x + w <= width for x, _, w, _ in frames)
            for k, (x, y, w, h) in enumerate(frames):
                for x2, y2, w2, h2 in frames[k + 1:]:
                    assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_each_seat_has_its_own_dash_and_the_german_view_names_cards_in_german():
    assert len(set(DASHES)) == len(DASHES)
    svg = worlds_svg(_after_one(), "de", 1)
    assert "Lösung B♣ + A♥" in svg and "D♣ · 2♥ · 3♥" in svg and "QC" not in svg
    assert "Sicht von Platz 1" in ET.fromstring(svg).find(f"{NS}title").text
