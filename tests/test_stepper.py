"""The deduction stepper and its accessible controls, driven without a browser."""

import pytest

from cardlab.fivesons.match import play_game
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.widgets.controls import ButtonSpec, ControlBar
from cardlab.widgets.stepper import PUBLIC, DeductionStepper


@pytest.fixture(scope="module")
def game():
    return play_game(FiveSonsRules(players=4), ["logician", "random", "infogain", "random"],
                     seed=5)


def test_the_table_view_stays_selected_and_is_drawn(game):
    stepper = DeductionStepper.from_game(game)
    stepper.perspective.value = PUBLIC
    assert stepper.perspective.label == "The table"
    assert stepper.perspective.index == len(stepper.perspective.options) - 1
    assert "What the whole table knows after 0 events" in stepper.picture.value


def test_position_is_a_status_and_next_runs_out_at_the_end(game):
    stepper = DeductionStepper.from_game(game)
    assert stepper.steps.status == f"After 0 of {stepper.count} events"
    assert stepper.steps.spec("back").disabled and not stepper.steps.spec("next").disabled
    for _ in range(stepper.count):
        stepper.steps.click("next")
    assert stepper.steps.status == f"After {stepper.count} of {stepper.count} events"
    assert stepper.steps.spec("next").disabled
    stepper.steps.click("next")                              # ignored, not past the end
    stepper.steps._message(stepper.steps, {"click": "next"}, [])   # nor through the protocol
    assert stepper.after == stepper.count
    stepper.steps.click("back")
    assert stepper.after == stepper.count - 1 and not stepper.steps.spec("next").disabled


def test_view_toggles_say_which_is_pressed(game):
    stepper = DeductionStepper.from_game(game, lang="de")
    assert [b["pressed"] for b in stepper.views.buttons] == [True, False]
    stepper.views.click("notes")
    assert [b["pressed"] for b in stepper.views.buttons] == [False, True]
    assert "<title>Notizzettel: Was Platz 0" in stepper.picture.value
    stepper.views.click("graph")
    assert stepper.view == "graph" and "<title>Was Platz 0" in stepper.picture.value


def test_pictures_fit_a_phone(game):
    stepper = DeductionStepper.from_game(game)
    for view in ("graph", "notes"):
        stepper.views.click(view)
        assert 'style="width:100%;max-width:' in stepper.picture.value
    for row in stepper.children[:2]:
        assert row.layout.flex_flow == "row wrap"


def test_a_forged_click_on_an_unknown_button_is_ignored():
    bar = ControlBar([ButtonSpec("a", "A")])
    clicked = []
    bar.on_click(clicked.append)
    bar._message(bar, {"click": "b"}, [])
    bar._message(bar, "a", [])
    bar._message(bar, {"click": "a"}, [])
    assert clicked == ["a"]


def first_card_shown(game):
    """The number of the first question answered by a card, its asker, shower and the card."""
    for number, event in enumerate(game.events, start=1):
        if getattr(event, "shown", None) is not None:
            shower = game.responder(event.seat, event.face, event.heart)
            return number, event.seat, shower, event.shown
    raise AssertionError("no card was shown")


def test_each_event_is_told_from_the_chosen_seat(game):
    number, asker, shower, card = first_card_shown(game)
    bystander = next(seat for seat in range(game.players) if seat not in (asker, shower))
    stepper = DeductionStepper.from_game(game)
    stepper.step(number)
    told = {}
    for seat in (asker, shower, bystander, PUBLIC):
        stepper.perspective.value = seat
        told[seat] = stepper.sentences
    seen = f"Seat {shower} showed seat {asker} the {card.name()}."
    unseen = f"Seat {shower} showed seat {asker} a card."
    assert told[asker][-1] == told[shower][-1] == seen
    assert told[bystander][-1] == told[PUBLIC][-1] == unseen
    assert told[asker][0].startswith(f"Seat {asker} asked: The ")
    assert seen not in stepper.story.value                # the table's view is shown now


def test_a_step_lists_the_certainties_it_added_with_their_reasons(game):
    number, asker, shower, card = first_card_shown(game)
    stepper = DeductionStepper.from_game(game)
    stepper.perspective.value = asker
    stepper.step(number)
    assert f"Seat {shower} showed me {card} in event {number}." in stepper.story.value
    stepper.step(-number)
    assert stepper.story.value == "" and stepper.sentences == []
