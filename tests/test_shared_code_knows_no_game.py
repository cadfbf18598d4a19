"""Shared code names no game: it asks the registry (`cardlab.games`).

The check reads each module's code, that is everything but its docstrings and
comments: a docstring's example may play a real game, the code may not. Any
game's name, package or classes in an identifier, an import or a string
literal is a failure. `SHARED` lists the modules checked, by hand: a module
joins when it no longer names a game (every module of the shared widgets,
the classroom and the server does, new ones too). `UNSPOKEN` lists those whose
docstrings and comments name no game either (their examples use whichever game
the registry offers first), so that their words hold for a third game too. The
shared message catalogue holds no game's messages either: each game's are in
its own package.
"""

import ast
import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "cardlab"

UNSPOKEN = (
    "__init__.py",
    "bench.py",
    "cli.py",
    "deal_counting.py",
    "decisions.py",
    "games.py",
    "graphs.py",
    "i18n/__init__.py",
    "inputs.py",
    "records.py",
    "review_bench.py",
    "render/graph.py",
    "render/review.py",
    "render/palette.py",
    "schema/__init__.py",
    "table.py",
    "worst.py",
)
SHARED = (
    *UNSPOKEN,
    "apps.py",
    "review.py",
    "levels.py",
    "bench_levels.py",
    *sorted(str(path.relative_to(ROOT)) for folder in ("widgets", "classroom", "serve")
            for path in (ROOT / folder).glob("*.py")),
)
#: A game's name, its package, its entry and game classes, however written.
GAME_NAMES = re.compile(r"black_?widow|five_?sons", re.IGNORECASE)


def code_of(source: str) -> str:
    """`source` without its docstrings and comments, its tokens joined by spaces."""
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.add((body[0].lineno, body[0].col_offset))
    kept = [token.string for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type != tokenize.COMMENT
            and not (token.type == tokenize.STRING and token.start in docstrings)]
    return " ".join(text for text in kept if text.strip())


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


@pytest.mark.parametrize("module", UNSPOKEN)
def test_a_shared_module_does_not_even_mention_a_game(module):
    found = GAME_WORDS.findall((ROOT / module).read_text(encoding="utf-8"))
    assert not found, f"cardlab/{module} mentions a game: {sorted(set(found))}"


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
