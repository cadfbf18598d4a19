"""Binder (repo2docker) builds the lessons' environment from binder/: the Python it asks for
is one the package supports, and postBuild is a script that stops at its first error."""

import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_binder_asks_for_a_python_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    assert match, f"runtime.txt must read python-X.Y, not {runtime!r}"
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    low = re.fullmatch(r">=(\d+)\.(\d+)", needed)
    assert low, needed
    assert tuple(map(int, match.groups())) >= tuple(map(int, low.groups()))


def test_post_build_is_an_executable_script_that_stops_on_errors():
    script = BINDER / "postBuild"
    assert os.access(script, os.X_OK)
    lines = script.read_text().splitlines()
    assert lines[0] == "#!/usr/bin/env bash"
    assert "set -euo pipefail" in lines
    assert "pip install --no-deps ." in lines
