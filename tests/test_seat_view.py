"""The picture of what one Five Sons seat saw: exactly its hand and the events as it saw them.

A "New situation" of lessons 3 and 5 names a game, a seat and an event; the picture is what the
learner works from, on screen and on paper, so it must hold all the seat saw and nothing else.
"""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game
from cardlab.fivesons.record import Ask
from cardlab.fivesons.render.view import seat_view_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.lessons import practice
from cardlab.lessons.exercises import ExerciseBox, Posed, check_number

BOTS = ["logician", "random", "infogain", "random"]


@functools.cache
def _game(seed: int) -> FiveSonsGame:
    return play_game(FiveSonsRules(players=4), BOTS, seed=seed)


def _events(svg: str) -> dict[int, str]:
    """Each event's part of the picture, by its number."""
    parts = re.split(r'<g data-event="(\d+)">', svg)
    return {int(number): body for number, body in zip(parts[1::2], parts[2::2], strict=True)}


def _cards(svg: str, role: str) -> list[str]:
    return re.findall(rf'data-role="{role}"><g [^>]*data-card="(\w+)"', svg)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 6), seat=st.integers(0, 3), share=st.fractions(0, 1))
def test_the_picture_holds_the_seat_s_hand_and_events_and_nothing_hidden(seed, seat, share):
    game = _game(seed)
    log = game.observation_log(seat)
    after = int(share * len(log.events))
    svg = seat_view_svg(log, after)
    assert f"<title>Seat {seat}'s view after event {after}</title>" in svg or after == 0
    assert sorted(_cards(svg, "hand")) == sorted(card.code for card in game.hands[seat])
    events = _events(svg)
    assert sorted(events) == list(range(1, after + 1))
    others = {card.code for other, hand in enumerate(game.hands) if other != seat
              for card in hand} | {card.code for card in game.solution}
    for number, event in enumerate(game.events[:after], start=1):
        drawn = events[number]
        if not isinstance(event, Ask):
            continue
        assert _cards(drawn, "asked") == [event.face.code, event.heart.code]
        shower = game.responder(event.seat, event.face, event.heart) \
            if event.shown is not None else None
        if shower is None:
            assert "nobody can show" in drawn and 'data-role="shown"' not in drawn
        elif seat in (event.seat, shower):
            assert _cards(drawn, "shown") == [event.shown.code]
        else:   # shown to another seat: face down, no card named
            assert 'data-role="unseen"><g transform' in drawn and 'data-role="shown"' not in drawn
    # Another seat's card (or a hidden one) is drawn only where it was asked about or shown
    # to this seat; it never appears among the hand.
    asked = {card.code for event in game.events[:after] if isinstance(event, Ask)
             for card in (event.face, event.heart)}
    assert not others & set(_cards(svg, "hand"))
    assert {code for code in re.findall(r'data-card="(\w+)"', svg)} & others <= asked


def test_a_card_shown_to_another_seat_is_not_named_anywhere_in_the_picture():
    game = _game(2)
    seat = 1
    log = game.observation_log(seat)
    svg = seat_view_svg(log, len(log.events))
    for number, event in enumerate(game.events, start=1):
        if isinstance(event, Ask) and event.shown is not None and seat not in (
                event.seat, game.responder(event.seat, event.face, event.heart)):
            sentence = re.search(rf"{number}\. (.*?)(?= \d+\. |</desc>)", svg)
            assert sentence and sentence.group(1).endswith(f"showed seat {event.seat} a card.")


def test_the_whole_table_s_log_or_an_event_beyond_it_is_refused():
    log = _game(1).observation_log(0)
    with pytest.raises(ValueError, match="seat's log"):
        seat_view_svg(_game(1).observation_log(None), 1)
    with pytest.raises(ValueError, match="after must be 0 to"):
        seat_view_svg(log, len(log.events) + 1)


@pytest.mark.parametrize("maker", [practice.guess_chance, practice.step_name])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_new_situation_comes_with_the_view_of_the_seat_and_moment_it_names(maker, lang):
    question, _check = maker(3, lang)
    seed, seat, after = _named(question.text)
    assert seed == 3
    assert question.picture == seat_view_svg(_game(3).observation_log(seat), after, lang)


def _named(text: str) -> tuple[int, int, int]:
    """The seed, the seat and the event a question names (in either language)."""
    seed = int(re.search(r"[Ss]eed (\d+)", text).group(1))
    seat = int(re.search(r"(?:[Ss]eat|Platz) (\d+)", text).group(1))
    after = int(re.search(r"(?:event|Ereignis) (\d+)", text).group(1))
    return seed, seat, after


def test_the_box_shows_the_picture_and_new_situation_replaces_it():
    def situation(seed: int) -> tuple[Posed, object]:
        return (Posed(f"What is {seed} + 1?", f"<svg><title>{seed}</title></svg>"),
                lambda answer: check_number(answer, seed + 1))
    box = ExerciseBox.practice(situation, seed=1)
    assert box.figure == box.picture.value == "<svg><title>1</title></svg>"
    assert box.picture.layout.display is None and box.figure in box.offline_html()
    box.controls.click("new")
    assert box.picture.value == "<svg><title>2</title></svg>" and box.prompt == "What is 2 + 1?"
    plain = ExerciseBox.practice(lambda seed: ("?", lambda answer: check_number(answer, 1)))
    assert plain.figure == "" and plain.picture.layout.display == "none"
