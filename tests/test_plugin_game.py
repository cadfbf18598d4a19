"""A third game that cardlab does not know: High Card (tests/plugin_game/cardlab_highcard).

It is registered only through entry points, as its own distribution would
register it, and then plays through `cardlab play`, replays from its record
and speaks English and German from its own catalogue, with no file of cardlab
naming it (see test_shared_code_knows_no_game).
"""

import json
import os
from pathlib import Path

import pytest

from cardlab.cards import Card
from cardlab.cli import main
from cardlab.games import GAMES, in_menu_order
from cardlab.i18n import message

from helpers.plugins import PLUGIN_GAME, forget_plugins, install

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def installed(tmp_path_factory, monkeypatch, entry):
    """High Card installed with the entry class `entry`, and its messages."""
    root = tmp_path_factory.mktemp("site")
    install(root, {"cardlab.games": {"highcard": f"cardlab_highcard.entry:{entry}"},
                   "cardlab.catalogues": {"highcard": "cardlab_highcard"}})
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.syspath_prepend(str(PLUGIN_GAME))
    forget_plugins()
    yield root
    monkeypatch.undo()
    forget_plugins()


@pytest.fixture
def highcard(tmp_path_factory, monkeypatch):
    """High Card installed, with its story and its table widget."""
    yield from installed(tmp_path_factory, monkeypatch, "HighCard")


@pytest.fixture
def bare_highcard(tmp_path_factory, monkeypatch):
    """High Card installed with the core of a game entry only."""
    yield from installed(tmp_path_factory, monkeypatch, "Bare")


def play(capsys, *args):
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_bots_play_it_through_the_command_line_and_its_record_replays(highcard, tmp_path,
                                                                       capsys):
    path = tmp_path / "high.json"
    status, out, _ = play(capsys, "play", "highcard", "--bots", "high,random,random",
                          "--seed", "5", "--record", str(path), "--format", "json")
    assert status == 0
    played = json.loads(out)
    assert played["over"] and played["winners"] and sum(played["rounds"]) == 3
    record = json.loads(path.read_text())
    assert record["game"] == "highcard" and len(record["plays"]) == 9
    status, out, _ = play(capsys, "replay", str(path), "--format", "json")
    assert status == 0 and json.loads(out) == played


def test_the_same_seed_plays_the_same_game_and_the_text_is_its_own(highcard, capsys):
    args = ("play", "highcard", "--bots", "random,random,random", "--seed", "9", "--verbose")
    first, second = play(capsys, *args), play(capsys, *args)
    assert first == second and first[0] == 0
    assert "Seat 0 played " in first[1] and "takes the round with" in first[1]
    assert "Winner: seat " in first[1]
    status, out, _ = play(capsys, "--lang", "de", *args)
    assert status == 0 and "Platz 0 spielte " in out and "Gewonnen hat Platz " in out


def test_an_illegal_play_in_its_record_is_one_line_that_says_where(highcard, tmp_path,
                                                                   capsys):
    path = tmp_path / "high.json"
    assert play(capsys, "play", "highcard", "--bots", "high,high,high", "--seed", "2",
                "--record", str(path))[0] == 0
    record = json.loads(path.read_text())
    record["plays"][0]["card"] = record["deal"][1][0]        # seat 1's card, played by seat 0
    path.write_text(json.dumps(record))
    status, out, err = play(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert err.splitlines() == [f"plays[0]: Seat 0 does not hold {record['deal'][1][0]}."]


def test_its_record_replays_through_the_shared_replay_deal_first(highcard, tmp_path,
                                                                  capsys):
    from cardlab.decisions import CHANCE
    from cardlab.replay import replay_record

    played = recorded(capsys, tmp_path / "high.json", "high", "random", "random", seed="3")
    entry = GAMES["highcard"]
    record = entry.read_record(played)
    steps = []
    game = replay_record(entry, record, told=steps.append)
    assert game.to_record() == record and game.over
    assert steps[0].seat == CHANCE and steps[0].action.hands == record.deal
    assert [(step.seat, step.action.card) for step in steps[1:]] == list(record.plays)
    assert steps[-1].events[-1].kind == "over"
    fresh = entry.undealt(record.rules)          # chance deals first, nobody else may
    assert [decision.seat for decision in fresh.decisions] == [CHANCE]
    assert fresh.why_not(steps[1].action).text() == "The cards are not dealt yet."


def test_what_it_does_not_offer_is_refused_or_left_out(bare_highcard, tmp_path, capsys):
    path = tmp_path / "high.json"
    assert play(capsys, "play", "highcard", "--bots", "high,high,high",
                "--record", str(path))[0] == 0
    status, _, err = play(capsys, "infer", str(path), "--as", "0")
    assert status == 2
    assert err.strip() == "game: the game 'highcard' keeps no knowledge to infer or draw"
    status, out, err = play(capsys, "review", str(path), "--as", "0")
    assert (status, out) == (2, "")
    assert err.strip() == "game: the game 'highcard' has no review"
    assert "highcard" in GAMES and "highcard" in [entry.name for entry in in_menu_order()]
    # No story and no table widget: neither the stepper nor the teacher's form offers it.
    from cardlab.widgets.classroom_teacher import TableForm
    from cardlab.widgets.stepper_app import StepperApp

    assert [name for _, name in StepperApp("").game.options] == ["fivesons", "blackwidow"]
    assert [name for _, name in TableForm().game.options] == ["fivesons", "blackwidow"]
    app = StepperApp("")
    app.load_bytes(path.read_bytes(), "high.json")
    assert "the game 'highcard' cannot be stepped through" in app.status.value


def test_a_tournament_rotates_its_bots(highcard, capsys):
    status, out, _ = play(capsys, "play", "highcard", "--bots", "high,random,random",
                          "--games", "6", "--seed", "1", "--format", "json")
    assert status == 0
    result = json.loads(out)
    assert result["games"] == 6 and sum(result["wins"].values()) >= 6


# The stepper: a record of the plugin game, stepped through by its buttons.


def recorded(capsys, path, *bots, seed="5"):
    """A game of High Card played by `bots` through the command line, its record at `path`."""
    assert play(capsys, "play", "highcard", "--bots", ",".join(bots), "--seed", seed,
                "--record", str(path))[0] == 0
    return json.loads(path.read_text())


def test_its_record_is_stepped_through_in_the_stepper(highcard, tmp_path, capsys):
    from cardlab.widgets.stepper_app import StepperApp

    path = tmp_path / "high.json"
    record = recorded(capsys, path, "high", "random", "random")
    app = StepperApp("game=highcard")
    assert [name for _, name in app.game.options] == ["fivesons", "blackwidow", "highcard"]
    assert app.game.value == "highcard" and app.stepper.count == 9   # its own example
    app.load_bytes(path.read_bytes(), "high.json")
    assert "high.json" in app.status.value
    stepper = app.stepper
    assert stepper.steps.status == "Play 0 of 9: 0 rounds done"
    assert [spec.label for spec in stepper.steps.specs] == ["◀◀ Round", "◀ Back", "Next ▶",
                                                            "Round ▶▶"]
    stepper.steps.click("next")
    first = record["plays"][0]
    card = Card.parse(first["card"]).name()
    assert stepper.sentences == [f"Seat 0 played {card}."]
    assert f"{Card.parse(first['card']).label()} was played by seat 0 at play 1." \
        in stepper.story.value
    stepper.steps.click("next_jump")
    assert stepper.after == 3 and "takes the round with" in stepper.sentences[-1]
    stepper.perspective.value = 1
    assert "as seat 1 sees it after 3 plays" in stepper.picture.value
    for _ in range(10):
        stepper.steps.click("next")
    assert stepper.after == 9 and stepper.steps.spec("next").disabled
    assert stepper.sentences[-1].startswith("The game is over. Winner: seat ")


def test_the_stepper_draws_a_seat_from_its_own_cards_only(highcard, tmp_path, capsys):
    """Two deals that differ only in cards seat 0 cannot see give seat 0 the same page."""
    from cardlab.records import read_record
    from cardlab.widgets.stepper import Stepper

    record = recorded(capsys, tmp_path / "high.json", "high", "high", "high")
    first = {**record, "plays": []}
    swapped = {**first, "deal": [record["deal"][0], record["deal"][2], record["deal"][1]]}
    pages = []
    for data in (first, swapped):
        stepper = Stepper.of(read_record(json.dumps(data).encode(), "deal.json"))
        stepper.perspective.value = 0
        pages.append((stepper.picture.value, stepper.story.value, stepper.focus.options))
    assert pages[0] == pages[1]
    stepper.perspective.value = 1                           # seat 1's own cards differ
    assert stepper.picture.value != pages[0][0]


# The classroom: two students at one table of a SQLite store, each at their own screen.


def test_two_students_play_it_at_a_classroom_table(highcard, tmp_path):
    from cardlab.classroom.room import Room
    from cardlab.widgets.classroom_student import StudentView
    from cardlab.widgets.classroom_teacher import TeacherApp

    room = Room.open(tmp_path / "class.sqlite")
    teacher = TeacherApp(room)
    teacher.form.game.value = "highcard"
    assert list(teacher.form.players.options) == [2, 3, 4]      # what its rules allow
    teacher.form.players.value = 2
    assert [seat.value for seat in teacher.form.seats] == ["student", "student"]
    teacher.create.click("create")
    assert teacher.create.status == "Table 1 is ready: High Card, 2 players."
    table = teacher.chooser.value
    # The teacher sees each seat's cards; no knowledge panels for a game that keeps none.
    assert teacher.seats.value.count('class="cardlab-classroom-seat"') == 2
    assert "cardlab-graph" not in teacher.seats.value
    ann = StudentView(room, table, 0, holder="ann")
    ben = StudentView(room, table, 1, holder="ben")
    assert ann.playing and ben.playing
    hands = [view.table.view.hand for view in (ann, ben)]
    for view, other in ((ann, hands[1]), (ben, hands[0])):     # nobody sees the other's cards
        assert not any(card.name() in str(view.table.get_state()) + str(
            [child.get_state() for child in view.table.hand.children]) for card in other)
    assert ann.table.status.value == '<p role="status">Your turn: play a card.</p>'
    ben.table.play(hands[1][0])                              # out of turn: refused, no change
    assert "It is seat 0&#x27;s turn, not seat 1&#x27;s." in ben.table.status.value
    assert ben.shared.table.game.plays == []
    while not ann.shared.table.game.over or not ben.shared.table.game.over:
        for view in (ann, ben):
            view.poll()
            if view.table.decision is not None:
                view.table.hand.children[0].click()
    ann.poll()
    ben.poll()
    plays = ann.shared.table.game.plays
    assert len(plays) == 6 and [seat for seat, _ in plays] == [0, 1] * 3
    for seat, card in plays:            # each screen shows every play, in its own words
        assert f"<li>{'You' if seat == 0 else 'Seat 1 (student)'}: {card.name()}" \
            in ann.table.plays.value
        assert f"<li>{'Seat 0 (student)' if seat == 0 else 'You'}: {card.name()}" \
            in ben.table.plays.value
    assert "The game is over. Winner: " in ann.table.status.value
    teacher.refresh()
    assert "<td>High Card</td>" in teacher.overview.value and "<td>over</td>" in \
        teacher.overview.value
    teacher.actions.click("reveal")
    teacher.actions.click("stepper")
    assert teacher.stepper.children[0].story_source.game == "highcard"
    ann.poll()
    assert "Every seat's cards" in ann.revealed.value


def test_an_apps_address_is_read_by_its_own_rules_and_bots(highcard):
    from cardlab.apps import read_settings

    settings = read_settings("highcard", "players=2&bots=random&seed=3&lang=de")
    assert (settings.rules.players, settings.bots, settings.seed, settings.lang,
            settings.problems) == (2, ("random",), 3, "de", ())
    bad = read_settings("highcard", "players=9&bots=logician")
    assert [problem.text("en") for problem in bad.problems] == [
        "players: 9 is out of range (2 to 4)",
        "bots: 'logician' is not a bot of this game (random, high)"]
    assert bad.rules.players == 3 and bad.bots == ("high", "high")


# The app page: the stepper's notebook, run in a kernel as Voilà runs it, for the plugin game.


def test_the_stepper_app_page_shows_it_in_a_kernel(highcard, tmp_path, monkeypatch):
    """The app's own notebook, run by a kernel that finds the game by its entry point only."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(NOTEBOOKS / "apps" / "stepper.ipynb", as_version=4)
    monkeypatch.setenv("QUERY_STRING", "game=highcard&lang=de&seed=4")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(highcard), str(PLUGIN_GAME), os.environ.get("PYTHONPATH", "")]))
    NotebookClient(notebook, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    state = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    synced = [value for model in state.values() for value in model["state"].values()
              if isinstance(value, str)]
    shown = "".join(output.get("data", {}).get("text/html", "")
                    for cell in notebook.cells for output in cell.get("outputs", []))
    menus = [model["state"] for model in state.values()
             if model["model_name"] == "DropdownModel"]
    assert message("stepper_app.title", "de") in shown
    assert any(menu["_options_labels"][menu["index"]] == "Hohe Karte" for menu in menus)
    assert "Zug 0 von 9: 0 Runden gespielt" in synced             # its story, in German
    assert "Runde ▶▶" in str(state)
