"""Whether the tree changed under a run. A run imports cardlab's modules once, when it
collects them, but reads the lesson notebooks (and runs their cells against the modules it
imported) when each test runs: a merge, checkout or edit during the run mixes old code with
new notebooks, and the tests that read them fail for no fault of either (a notebook calling
a method its old module lacks). `tests/conftest.py` says so at the end of such a run.

>>> changed({"a.py": 1, "b.py": 2}, {"a.py": 1, "b.py": 3, "c.py": 4})
['b.py', 'c.py']
"""

from __future__ import annotations

from pathlib import Path

#: What a run imports or reads as it goes: the package's code and catalogues, the notebooks.
SOURCES = ("cardlab/**/*.py", "cardlab/**/*.toml", "notebooks/**/*.ipynb")


def snapshot(root: Path) -> dict[str, int]:
    """Each source file under `root` (its path from `root`) with when it was last written."""
    return {path.relative_to(root).as_posix(): path.stat().st_mtime_ns
            for pattern in SOURCES for path in root.glob(pattern)}


def changed(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """The files written, added or removed between two snapshots, in order."""
    return sorted(name for name in before.keys() | after.keys()
                  if before.get(name) != after.get(name))
