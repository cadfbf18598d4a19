"""Where the gallery lives: the local host it is served on, the folder of its notebooks.

>>> HOST
'127.0.0.1'
>>> (notebooks_dir() / "apps").is_dir()
True
"""

from __future__ import annotations

from pathlib import Path

from cardlab.errors import CardlabError

HOST = "127.0.0.1"

_PACKAGE = Path(__file__).resolve().parent
#: A wheel carries the notebooks inside the package; a source checkout has them beside it.
_CANDIDATES = (_PACKAGE / "_notebooks", _PACKAGE.parent / "notebooks")


def notebooks_dir() -> Path:
    """The folder of lesson notebooks (and ``apps/``) that the gallery lists."""
    for candidate in _CANDIDATES:
        if candidate.is_dir():
            return candidate
    raise CardlabError("cli.no_notebooks", paths=", ".join(str(c) for c in _CANDIDATES))
