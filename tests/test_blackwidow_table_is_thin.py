"""The Black Widow table widget presents its seat's view and decisions; it computes no rule.

Read from the source (as a reviewer would): the presenting modules take a
view, never the game or the rule kernel, and the widget reads nothing of the
game object but its rules and its record. Every rule the table shows (whose
turn, who took the last trick, the scores, the winners, the moon's outcomes,
why a card is refused) comes from `cardlab.blackwidow.view`.
"""

import ast
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[1] / "cardlab" / "blackwidow" / "widgets"
#: The modules that turn a view into HTML and words.
PRESENTERS = ("status.py", "panels.py", "scores.py", "end.py")
#: The engine's modules, which hold the game and its rules.
ENGINE = ("cardlab.blackwidow.game", "cardlab.blackwidow.kernel")
#: What the table may read of the game object itself: its rules (for a shared table's
#: set-up) and its record (to save it or step through it).
GAME_READS = {"rules", "to_record"}


def imported(path: Path) -> set[str]:
    """The modules `path` imports, doctests aside."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def game_reads(path: Path) -> list[tuple[int, str]]:
    """Every attribute read of something called `game` (`game.x`, `self.game.x`,
    `table.game.x`), with its line."""
    reads = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", None)
        if name == "game":
            reads.append((node.lineno, node.attr))
    return reads


@pytest.mark.parametrize("module", PRESENTERS)
def test_the_presenters_know_the_view_not_the_engine(module):
    assert imported(WIDGETS / module).isdisjoint(ENGINE), module


def test_the_table_reads_of_the_game_only_its_rules_and_record():
    reads = [(line, attr) for line, attr in game_reads(WIDGETS / "play.py")
             if attr not in GAME_READS]
    assert reads == []


def test_the_table_computes_no_rule_of_the_kernel():
    for path in WIDGETS.glob("*.py"):
        if path.name != "stepper.py":      # the stepper replays records: it is an engine user
            assert "cardlab.blackwidow.kernel" not in imported(path), path.name


def test_the_reading_finds_what_it_looks_for(tmp_path):
    """The checks above can fail: a widget that asks the game for its phase is found."""
    source = tmp_path / "bad.py"
    source.write_text("from cardlab.blackwidow.game import Phase\n"
                      "def f(self):\n    return self.game.phase, self.table.game.rules\n")
    assert "cardlab.blackwidow.game" in imported(source)
    assert [attr for _, attr in game_reads(source)] == ["phase", "rules"]
