"""A run whose tree changed under it says so at its end, naming the files (see
`helpers.still_tree`): its failures may come from old code meeting new notebooks."""

from __future__ import annotations

import pytest

from helpers.still_tree import changed, snapshot

_BEFORE = pytest.StashKey[dict[str, int]]()


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_BEFORE] = snapshot(session.config.rootpath)


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    if _BEFORE not in config.stash:
        return
    names = changed(config.stash[_BEFORE], snapshot(config.rootpath))
    if names:
        terminalreporter.write_sep("=", "the tree changed during this run", yellow=True)
        terminalreporter.write_line(
            f"{len(names)} file(s) written meanwhile, e.g. {', '.join(names[:3])}: a test that "
            "read a notebook may have run it against modules imported before. Run again on a "
            "tree that stays still.")
