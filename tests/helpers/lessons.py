"""Run a lesson notebook as a learner would, and keep every exercise box it builds."""

from pathlib import Path

import nbformat

from cardlab.lessons import exercises
from cardlab.lessons.exercises import ExerciseBox

NOTEBOOKS = Path(__file__).parent.parent.parent / "notebooks"
#: Every lesson notebook, English and German, as paths relative to `NOTEBOOKS`.
LESSONS = sorted(p.relative_to(NOTEBOOKS).as_posix()
                 for p in [*NOTEBOOKS.glob("[01]*.ipynb"), *NOTEBOOKS.glob("de/[01]*.ipynb")])


def boxes_of(name: str, monkeypatch) -> list[ExerciseBox]:
    """Every exercise box the lesson `name` builds, in order."""
    made: list[ExerciseBox] = []
    init = ExerciseBox.__init__

    def register(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(ExerciseBox, "__init__", register)
    monkeypatch.setattr(exercises, "display", lambda *args, **kwargs: None)
    namespace: dict = {}
    for cell in nbformat.read(NOTEBOOKS / name, as_version=4).cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, name, "exec"), namespace)
    return made
