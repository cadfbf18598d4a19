"""The registry of games: games come from the `cardlab.games` entry points, and a broken
or unknown one is a clear error, never a traceback.

A test registers a game the way a distribution does, without pip: a
``*.dist-info`` folder with an ``entry_points.txt`` in a directory put on
``sys.path`` (importlib.metadata reads exactly that).
"""

import os
import subprocess
import sys
import textwrap

import pytest

from cardlab.cli import main
from cardlab.errors import RecordError
from cardlab.games import GAMES, GameEntry, game, game_of, in_menu_order
from cardlab.records import parse_record

from helpers.plugins import forget_plugins, install

AGAIN = """
    from cardlab.fivesons.entry import FiveSons

    class Again(FiveSons):
        name = "again"
        order = 5
"""
BROKEN = "import cardlab_no_such_module\n"
NOT_AN_ENTRY = """
    class Half:
        name = "half"
        bots = ("random",)

        def read_rules(self, options):
            return options
"""


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Four plugins beside the two games: one good, three broken in different ways."""
    install(tmp_path, {"cardlab.games": {
        "again": "again_game:Again", "broken": "broken_game:Entry", "half": "half_game:Half",
        "misnamed": "again_game:Again"}}, {
        "again_game": textwrap.dedent(AGAIN), "broken_game": BROKEN,
        "half_game": textwrap.dedent(NOT_AN_ENTRY)})
    monkeypatch.syspath_prepend(str(tmp_path))
    forget_plugins()
    yield tmp_path
    monkeypatch.undo()
    forget_plugins()


def test_the_two_games_are_entry_points_and_typed_entries():
    assert list(GAMES) == ["blackwidow", "fivesons"]
    assert [entry.name for entry in in_menu_order()] == ["fivesons", "blackwidow"]
    for name in GAMES:
        assert isinstance(game(name), GameEntry)
        assert game(name) is GAMES[name]            # loaded once


def test_a_game_registered_only_through_an_entry_point_is_found(plugins):
    assert {"again", "broken", "half", "misnamed"} <= set(GAMES)
    again = game("again")
    assert again.name == "again" and again.bots == game("fivesons").bots
    assert [entry.name for entry in in_menu_order()] == ["fivesons", "blackwidow", "again"]


def test_an_unknown_game_names_every_game(plugins):
    with pytest.raises(RecordError) as err:
        parse_record({"format": "cardlab/1", "game": "chess"})
    text = err.value.text()
    assert text.startswith("game: unknown game 'chess' (expected ")
    for name in ("again", "blackwidow", "broken", "fivesons", "half", "misnamed"):
        assert f"'{name}'" in text
    assert " oder 'misnamed')" in err.value.text("de")


@pytest.mark.parametrize(("name", "why"), [
    ("broken", "ModuleNotFoundError: No module named 'cardlab_no_such_module'"),
    ("half", "it is not a game entry (missing: "),
    ("misnamed", "its entry calls itself 'again'"),
])
def test_a_broken_plugin_is_one_error_that_names_it(plugins, name, why):
    with pytest.raises(RecordError) as err:
        game(name)
    text = err.value.text()
    assert text.startswith(f"game: the game '{name}' is installed but cannot be loaded (")
    assert why in text
    assert "\n" not in text


def test_a_half_entry_lists_what_it_lacks(plugins):
    with pytest.raises(RecordError) as err:
        game("half")
    missing = err.value.text().split("missing: ")[1]
    assert "new_game" in missing and "view" in missing and "read_rules" not in missing


def test_the_command_line_refuses_a_broken_game_in_one_line(plugins):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugins), *sys.path])}
    result = subprocess.run([sys.executable, "-m", "cardlab.cli", "play", "broken", "--bots",
                             "random"], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "game: the game 'broken' is installed but cannot be loaded "
        "(broken_game:Entry): ModuleNotFoundError: No module named 'cardlab_no_such_module'"]


def test_help_lists_the_games_and_survives_a_broken_one(plugins, capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "  again:\n    bots: " in out
    assert "  broken: game: the game 'broken' is installed but cannot be loaded" in out


def test_the_game_of_a_game_object_a_record_and_anything_else():
    fivesons = game("fivesons")
    state = fivesons.new_game(fivesons.read_rules({}), 1)
    assert game_of(state) is fivesons
    assert game_of(state.to_record()) is fivesons
    with pytest.raises(TypeError):
        game_of(object())
