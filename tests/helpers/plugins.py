"""Registering a plugin the way an installed distribution does, without pip.

importlib.metadata finds a distribution by a ``*.dist-info`` folder on
``sys.path``; its ``entry_points.txt`` names the plugins.
"""

from pathlib import Path

from cardlab.games import GAMES
from cardlab.i18n import catalogue

#: The folder that holds the test game's package (`cardlab_highcard`).
PLUGIN_GAME = Path(__file__).resolve().parents[1] / "plugin_game"


def install(root: Path, points: dict[str, dict[str, str]],
            modules: dict[str, str] | None = None) -> None:
    """A distribution in `root`: entry points by group, and `modules` (name -> source)."""
    info = root / "cardlab_test_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardlab-test-plugins\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in named.items())
        for group, named in points.items()))
    for name, source in (modules or {}).items():
        (root / f"{name}.py").write_text(source)


def forget_plugins() -> None:
    """Make the registry and the catalogues look at the entry points again."""
    GAMES.refresh()
    catalogue.cache_clear()
