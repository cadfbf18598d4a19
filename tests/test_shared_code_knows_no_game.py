"""Shared code names no game: it asks the registry (`cardlab.games`).

Every file of the package outside the games' own packages and the lessons
(which are course content about the two games) is shared. Its code, that is
everything but its docstrings and comments, names no game's name, package or
classes in an identifier, an import or a string literal; and its words do not
even mention a game, so that they hold for a third game too (examples use
whichever game the registry offers first). The shared message catalogue holds
no game's messages either: each game's are in its own package.
"""

import re
import tomllib
from pathlib import Path

import pytest

from helpers.source import GAME_NAMES, code_of

ROOT = Path(__file__).resolve().parent.parent / "cardlab"
GAMES_AND_COURSE = ("blackwidow", "fivesons", "lessons")
SHARED_FILES = sorted(
    str(path.relative_to(ROOT)) for path in ROOT.rglob("*")
    if path.suffix in (".py", ".js", ".css", ".json", ".html")
    and path.relative_to(ROOT).parts[0] not in GAMES_AND_COURSE
    and "__pycache__" not in path.parts)
SHARED = [name for name in SHARED_FILES if name.endswith(".py")]


def test_the_shared_files_are_found():
    assert {"table.py", "widgets/stepper.py", "classroom/store.py", "schema/shared.schema.json",
            "widgets/controls.css"} <= set(SHARED_FILES)


def test_the_check_sees_a_name_in_code_and_not_in_a_docstring():
    assert GAME_NAMES.search(code_of('GAMES = ("fivesons", "x")\n'))
    assert GAME_NAMES.search(code_of("from cardlab.blackwidow.game import BlackWidowGame\n"))
    assert GAME_NAMES.search(code_of("if isinstance(game, FiveSonsGame):\n    pass\n"))
    assert not GAME_NAMES.search(code_of('def f():\n    """>>> f("blackwidow")"""\n'))


@pytest.mark.parametrize("module", SHARED)
def test_a_shared_module_names_no_game(module):
    found = GAME_NAMES.findall(code_of((ROOT / module).read_text(encoding="utf-8")))
    assert not found, f"cardlab/{module} names a game: {sorted(set(found))}"


#: A game's name as prose writes it, too.
GAME_WORDS = re.compile(r"black[_ ]?widow|five[_ ]?sons", re.IGNORECASE)


@pytest.mark.parametrize("name", SHARED_FILES)
def test_a_shared_file_does_not_even_mention_a_game(name):
    found = GAME_WORDS.findall((ROOT / name).read_text(encoding="utf-8"))
    assert not found, f"cardlab/{name} mentions a game: {sorted(set(found))}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_shared_catalogue_holds_no_games_messages(lang):
    # Lessons are course content about the two games; every other message is shared.
    with (ROOT / "i18n" / f"{lang}.toml").open("rb") as file:
        tables = tomllib.load(file)
    named = sorted(f"{table}.{key}" for table, messages in tables.items() if table != "lesson"
                   for key, text in _flat(messages)
                   if GAME_WORDS.search(f"{table}.{key} {text}"))
    assert not named, f"cardlab/i18n/{lang}.toml holds a game's messages: {named}"


def _flat(messages, prefix=""):
    for key, value in messages.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value
