"""Retrieval practice: each lesson opens with two short questions on earlier lessons, and
lesson 10 mixes exercises from all of them. Every question is a fresh situation from a seed
(with a "New situation" button), so nobody answers it from memory of the page.

>>> [(box.seed, box.exercise_id) for box in warmup(3).boxes]
[(301, 'warmup-1'), (302, 'warmup-2')]
>>> [SKILLS[name].lesson for name in mixed_skills(10, 4)]
[2, 5, 6, 7]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from cardlab.lessons import drills, passing, practice
from cardlab.lessons.exercises import ExerciseBox


@dataclass(frozen=True)
class Skill:
    """An exercise of some lesson whose situation comes from a seed."""

    lesson: int
    situations: Callable[..., Any]
    kind: str = "number"

    def box(self, seed: int, lang: str = "en") -> ExerciseBox:
        """The exercise, in the situation of `seed`, with its "New situation" button."""
        options = practice.step_options(lang) if self.kind == "choice" else ()
        return ExerciseBox.practice(partial(self.situations, lang=lang), seed=seed, lang=lang,
                                    kind=self.kind, options=options)


#: Every exercise that retrieval and mixed practice draw on, by name, in lesson order.
SKILLS: dict[str, Skill] = {
    "hand_size": Skill(1, drills.hand_size),
    "card_code": Skill(2, drills.card_code),
    "chance_held": Skill(2, drills.chance_held),
    "guess": Skill(3, practice.guess_chance),
    "step": Skill(5, practice.step_name, "choice"),
    "bits": Skill(6, drills.bits),
    "best_question": Skill(6, drills.best_question, "set"),
    "scoring": Skill(7, practice.scoring),
    "legal_cards": Skill(7, drills.legal_cards, "set"),
    "pass": Skill(9, passing.pass_choice, "set"),
}

#: The two questions that open each lesson, on skills of earlier lessons.
WARMUPS: dict[int, tuple[str, str]] = {
    2: ("hand_size", "hand_size"),
    3: ("card_code", "chance_held"),
    4: ("guess", "chance_held"),
    5: ("guess", "card_code"),
    6: ("step", "chance_held"),
    7: ("bits", "step"),
    8: ("scoring", "legal_cards"),
    9: ("legal_cards", "bits"),
}


class Exercises:
    """Several exercise boxes shown one after the other (in a notebook, each with its plain
    copy for where widgets are not drawn)."""

    def __init__(self, boxes: list[ExerciseBox]) -> None:
        self.boxes = boxes

    def _ipython_display_(self) -> None:
        for box in self.boxes:
            box._ipython_display_()


def warmup(lesson: int, lang: str = "en") -> Exercises:
    """The two questions on earlier lessons that open `lesson` (situations 100 × lesson + 1, + 2),
    named ``warmup-1`` and ``warmup-2``.

    >>> warmup(2).boxes[0].kind
    'typed'
    """
    return Exercises([SKILLS[name].box(100 * lesson + i, lang).named(f"warmup-{i}")
                      for i, name in enumerate(WARMUPS[lesson], start=1)])


def mixed_skills(seed: int, count: int) -> list[str]:
    """`count` different skills drawn from `seed`, in the order of their lessons.

    >>> mixed_skills(1, len(SKILLS)) == list(SKILLS)
    True
    """
    if not 1 <= count <= len(SKILLS):
        raise ValueError(f"count must be 1 to {len(SKILLS)}, not {count}")
    drawn = set(random.Random(seed).sample(sorted(SKILLS), count))
    return [name for name in SKILLS if name in drawn]


def mixed(seed: int, count: int = 6, lang: str = "en") -> Exercises:
    """Lesson 10: `count` exercises drawn from all lessons, each in a situation from `seed`,
    named by its skill (so the same skill drawn from another seed is the same exercise).

    >>> [box.exercise_id for box in mixed(1, 2).boxes]
    ['card_code', 'bits']
    """
    rng = random.Random(seed)
    return Exercises([SKILLS[name].box(rng.randrange(1, 10**6), lang).for_goals("recall")
                      .named(name) for name in mixed_skills(seed, count)])
