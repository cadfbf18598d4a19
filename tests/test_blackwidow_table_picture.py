"""The Black Widow table picture: for 3 to 6 seats and names of any length, nothing drawn on
the felt covers anything else, and everything stays on the felt."""

from __future__ import annotations

import re
import string
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow.render import Place, table_svg, wrap
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.render.cards import CARD_HEIGHT, CARD_WIDTH

SVG = "{http://www.w3.org/2000/svg}"
#: The felt's border, drawn 8 units wide from 4 units in.
BORDER = 8
#: Label text: as `cardlab.blackwidow.render` estimates it (DejaVu Sans, generously).
EM, BOLD_EM = 0.58, 0.64
TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)")

Box = tuple[str, str, float, float, float, float]    # what, whose, left, top, width, height


def boxes(svg: str) -> tuple[list[Box], float, float]:
    """Every label, every seat's face-down cards and every trick card as a box, and the
    picture's size."""
    root = ET.fromstring(svg)
    found: list[Box] = []
    for group in root.iter(f"{SVG}g"):
        seat = group.get("data-seat")
        if seat is not None:
            rect = group.find(f"{SVG}rect")
            found.append(("label", seat, *(float(rect.get(k)) for k in
                                           ("x", "y", "width", "height"))))
            for text in group.findall(f"{SVG}text"):
                size = float(text.get("font-size"))
                width = len(text.text or "") * size * (BOLD_EM if text.get("font-weight") else EM)
                found.append(("text", seat, float(text.get("x")) - width / 2,
                              float(text.get("y")) - size * 0.8, width, size))
            backs = group.find(f"{SVG}g")
            if backs is not None:
                x, y = map(float, TRANSLATE.search(backs.get("transform")).groups())
                count = len(backs.findall(f"{SVG}use"))
                found.append(("backs", seat, x, y, (CARD_WIDTH + 10 * (count - 1)) / 2,
                              CARD_HEIGHT / 2))
        elif group.get("class") == "cardlab-trick-card":
            x, y = map(float, TRANSLATE.search(group.get("transform")).groups())
            found.append(("trick", group.get("data-card"), x, y, CARD_WIDTH, CARD_HEIGHT))
    return found, float(root.get("width")), float(root.get("height"))


def covers(a: Box, b: Box) -> bool:
    """True if the two boxes share more than their edges (a seat's text lies in its label)."""
    if {a[0], b[0]} == {"text", "label"} and a[1] == b[1]:
        return False
    (_, _, x, y, w, h), (_, _, x2, y2, w2, h2) = a, b
    return x < x2 + w2 - 0.5 and x2 < x + w - 0.5 and y < y2 + h2 - 0.5 and y2 < y + h - 0.5


NAMES = st.text(string.ascii_letters + "äöüß()_ ", min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 6), names=st.lists(NAMES, min_size=6, max_size=6),
       points=st.lists(st.integers(0, 26), min_size=6, max_size=6),
       lang=st.sampled_from(["en", "de"]), played=st.integers(0, 6), turn=st.integers(0, 5))
def test_nothing_on_the_table_covers_anything_else(players, names, points, lang, played, turn):
    deck = BlackWidowRules(players=players).deck
    size = len(deck) // players
    places = [Place(seat, names[seat], size - (seat < played), points[seat], seat == turn)
              for seat in range(players)]
    trick = [(seat, deck[seat]) for seat in range(min(played, players))]
    found, width, height = boxes(table_svg(places, trick, "Trick", lang=lang))
    assert [box[1] for box in found if box[0] == "label"] == [str(s) for s in range(players)]
    for box in found:
        _, _, x, y, w, h = box
        assert x >= BORDER and x + w <= width - BORDER, box
        assert y >= BORDER and y + h <= height - BORDER, box
    clashes = [(a, b) for k, a in enumerate(found) for b in found[k + 1:] if covers(a, b)]
    assert clashes == []


def test_six_seats_keep_the_learners_label_clear_of_its_neighbours():
    """The case seen in a screenshot: on six seats, "Du" touched the labels beside it."""
    places = [Place(0, "Du", 8, 1)] + [Place(seat, f"Platz {seat} (Anfänger)", 8, 0)
                                       for seat in range(1, 6)]
    found, _, _ = boxes(table_svg(places, [], "Runde 1", lang="de"))
    labels = {seat: box for kind, seat, *box in found if kind == "label"}
    x, y, w, _ = labels["0"]
    for seat in ("1", "5"):
        nx, ny, nw, nh = labels[seat]
        assert nx + nw + 8 <= x or x + w + 8 <= nx or ny + nh + 8 <= y, (seat, labels)


def test_a_long_word_is_cut_to_fit_its_room():
    assert all(len(line) * 20 * BOLD_EM <= 150 for line in
               wrap("Platz 1 (a_learners_very_long_function_name)", 20, 150, bold=True))
