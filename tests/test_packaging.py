"""The project's own promises: ruff- and mypy-clean code, Binder pins that match the package."""

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is in the test extras")
def test_ruff_is_clean():
    result = subprocess.run(["ruff", "check", "cardlab", "tests"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


@pytest.mark.skipif(shutil.which("mypy") is None, reason="mypy is in the test extras")
def test_mypy_is_clean():
    result = subprocess.run(["mypy"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_binder_requirements_match_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    binder = [line for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
              if line and not line.startswith("#")]
    assert sorted(binder) == sorted(project["dependencies"])


def test_test_modules_have_unique_names():
    # pytest imports test modules by their file name (tests/ has no __init__.py): two with
    # the same name in different folders stop the whole run at collection.
    names = [path.name for path in (ROOT / "tests").rglob("test_*.py")]
    assert sorted({name for name in names if names.count(name) > 1}) == []
