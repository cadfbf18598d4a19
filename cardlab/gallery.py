"""The Voila app gallery: where the lesson notebooks are and how to serve them.

>>> gallery_url(8866)
'http://127.0.0.1:8866/'
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardlab.errors import CardlabError

HOST = "127.0.0.1"
DEFAULT_PORT = 8866

_PACKAGE = Path(__file__).resolve().parent
#: A wheel carries the notebooks inside the package; a source checkout has them beside it.
_CANDIDATES = (_PACKAGE / "_notebooks", _PACKAGE.parent / "notebooks")


def notebooks_dir() -> Path:
    """The folder of lesson notebooks that the gallery lists."""
    for candidate in _CANDIDATES:
        if candidate.is_dir():
            return candidate
    raise CardlabError("cli.no_notebooks", paths=", ".join(str(c) for c in _CANDIDATES))


def gallery_url(port: int) -> str:
    """The address the gallery answers on."""
    return f"http://{HOST}:{port}/"


def voila_command(port: int, open_browser: bool) -> list[str]:
    """The Voila command line that serves the gallery on 127.0.0.1 only."""
    command = [sys.executable, "-m", "voila", str(notebooks_dir()), f"--port={port}",
               f"--Voila.ip={HOST}", "--show_tracebacks=False"]
    if not open_browser:
        command.append("--no-browser")
    return command


def serve(port: int = DEFAULT_PORT, open_browser: bool = True) -> int:
    """Run the gallery until interrupted; returns Voila's exit status."""
    process = subprocess.Popen(voila_command(port, open_browser))
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()
