"""The deduction stepper and its accessible controls, driven without a browser."""

import pytest

from cardlab.fivesons.match import play_game
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.stepper import PUBLIC, DeductionStepper
from cardlab.widgets.controls import ButtonSpec, ControlBar


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
    assert f"Seat {shower} showed me {card.label()} in event {number}." in stepper.story.value
    stepper.step(-number)
    assert stepper.story.value == "" and stepper.sentences == []


# Black Widow: plays and tricks told from a seat's view, counted from that view only.

from cardlab.blackwidow.match import play_game as play_blackwidow  # noqa: E402
from cardlab.blackwidow.rules import BlackWidowRules  # noqa: E402
from cardlab.cards import STANDARD_DECK  # noqa: E402
from cardlab.widgets.stepper import Stepper, story_of  # noqa: E402


@pytest.fixture(scope="module")
def widow():
    return play_blackwidow(BlackWidowRules(), ["heuristic"] * 4, seed=3, hands=1)


def synced(widget):
    """Every synced trait of a widget and its children, as one string."""
    parts = [str(widget.get_state())]
    for child in getattr(widget, "children", ()):
        parts.append(synced(child))
    return " ".join(parts)


def test_a_pass_is_told_in_full_only_to_the_passer_and_the_receiver(widow):
    stepper = Stepper.of(widow)
    stepper.step(1)
    passed = widow.hands[0].passes[0]
    names = [card.name() for card in passed]
    told = {}
    for seat in range(4):
        stepper.perspective.value = seat
        told[seat] = " ".join(stepper.sentences)
    assert all(name in told[0] for name in names)          # seat 0 passed them
    assert all(name in told[1] for name in names)          # and seat 1 received them
    assert not any(name in told[2] or name in told[3] for name in names)
    assert "Seat 0 passed three cards to seat 1." in told[2]


def test_each_card_and_each_trick_is_told(widow):
    stepper = Stepper.of(widow)
    stepper.perspective.value = 2
    stepper.go(2)                                           # deal, pass, first card
    first_seat = widow.hands[0].seats[0]
    assert stepper.sentences == [f"Seat {first_seat} played the Two of Clubs."]
    stepper.steps.click("next_jump")                       # to the end of the first trick
    assert stepper.after == 5
    assert stepper.sentences[-1].startswith(f"Seat {widow.hands[0].seats[4]} took the trick: ")
    assert stepper.steps.status == "Step 5 of 53: hand 1, 1 trick done"
    stepper.steps.click("back_jump")
    assert stepper.after == 1


def test_the_graph_counts_from_the_chosen_seat_and_syncs_nothing_else(widow):
    hand = widow.hands[0]
    stepper = Stepper.of(widow)
    stepper.perspective.value = 3
    stepper.go(10)
    assert "as seat 3 sees it after 9 plays" in stepper.picture.value
    state = synced(stepper)
    # Seat 3 never learns what seat 0 passed to seat 1, nor seat 2's hand as dealt.
    secret = [c for c in hand.passes[0] if c not in hand.plays[:9]]
    assert all(f"the {card.name()}" not in stepper.story.value for card in secret)
    knowledge = stepper.story_source.knowledge(3, 10)
    hidden = [c for c in hand.deal[2] if c not in hand.plays[:9]
              and knowledge.probability(c, 2) < 1]
    assert hidden
    for card in hidden:
        assert f"Seat 2 – {card.code}: 100%" not in state


def test_a_void_is_a_new_certainty_with_its_reason(widow):
    stepper = Stepper.of(widow)
    stepper.perspective.value = 0
    for after in range(1, stepper.count + 1):
        stepper.go(after)
        if any("did not follow" in line for line in
               stepper.story_source.certainties(0, after)):
            assert "did not follow" in stepper.story.value
            return
    raise AssertionError("nobody showed out of a suit in a whole hand")


def test_focus_on_a_card_draws_its_chances(widow):
    stepper = Stepper.of(widow)
    stepper.perspective.value = 1
    unseen = next(card for card in STANDARD_DECK if card not in widow.hands[0].deal[1]
                  and card not in widow.hands[0].passes[0])
    stepper.focus.value = unseen.code
    assert f"Where is the {unseen.name()}?" in stepper.picture.value


def test_stories_of_both_games_and_a_lone_log(widow, game):
    assert story_of(widow).game == "blackwidow"
    assert [v for _, v in story_of(game.observation_log(2)).perspectives] == [2]
    with pytest.raises(TypeError):
        story_of("a game")


# A long Black Widow record loads with one replay; views are worked out when shown.

from cardlab.blackwidow.actions import Deal  # noqa: E402
from cardlab.blackwidow.game import BlackWidowGame  # noqa: E402
from cardlab.blackwidow.limits import endless_record as endless_blackwidow  # noqa: E402
from cardlab.blackwidow.view import seat_view  # noqa: E402
from cardlab.blackwidow.widgets import stepper as stepper_blackwidow  # noqa: E402
from cardlab.records import parse_record  # noqa: E402


def test_a_long_record_is_replayed_once_and_only_the_step_shown_is_counted(monkeypatch):
    hands = 3
    record = parse_record(endless_blackwidow(hands))    # reading checks it: its own replay
    applied, views = [], []
    apply = BlackWidowGame.apply
    monkeypatch.setattr(BlackWidowGame, "apply",
                        lambda game, action: applied.append(action) or apply(game, action))
    monkeypatch.setattr(stepper_blackwidow, "seat_view",
                        lambda game, seat, *at: views.append((seat, *at)) or seat_view(
                            game, seat, *at))
    stepper = Stepper.of(record)
    assert stepper.count == hands * 53 - 1
    assert len(applied) == hands * (1 + 52)           # each hand dealt, each card played
    assert sum(isinstance(action, Deal) for action in applied) == hands   # once: one replay
    assert len(views) == 1                            # seat 0 after the first deal, no more
    stepper.steps.click("next")
    stepper.steps.click("back")
    assert len(views) == 2                            # step 1 once; step 0 was kept


def test_each_steps_view_is_what_the_seat_saw_then():
    record = play_blackwidow(BlackWidowRules(), ["heuristic"] * 4, seed=7, hands=3).to_record()
    seen: list[list] = []
    BlackWidowGame.from_record(record, before_play=lambda game: seen.append(
        [seat_view(game, seat) for seat in range(4)]))
    story = story_of(record)
    steps = story.steps
    before_plays = [after - 1 for after in range(1, story.count + 1)
                    if steps[after].hand == steps[after - 1].hand
                    and steps[after].plays == steps[after - 1].plays + 1]
    assert len(before_plays) == len(seen) == sum(len(hand.plays) for hand in record.hands)
    assert [[story.view(seat, after) for seat in range(4)] for after in before_plays] == seen


@pytest.mark.parametrize(("lang", "name"), [("en", "Seat 2"), ("de", "Platz 2")])
def test_the_stepper_names_the_seat_whose_knowledge_it_draws_as_a_seat_not_me(widow, lang,
                                                                             name):
    """Whoever steps through the game is not seat 2: its node is "Seat 2", never "(me)"."""
    graph = story_of(widow, lang).graph(2, 5)
    assert graph.nodes["2"]["label"] == name
