"""`cardlab` on the command line, as a teacher's script runs it."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run `cardlab` as a separate process, as a teacher's script would (`timeout`: the
    seconds it may take before the test fails; a hung command fails, never waits)."""
    return subprocess.run([sys.executable, "-m", "cardlab.cli", *args],
                          capture_output=True, text=True, timeout=timeout)


def one_line_error(result: subprocess.CompletedProcess) -> str:
    """The one line of a refusal: asserts exit 2, nothing on stdout, one line on stderr and
    no traceback; returns that line."""
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]
