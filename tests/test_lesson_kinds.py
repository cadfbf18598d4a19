"""Most exercises ask the learner to compute or construct: at most a third are multiple choice.

Every English lesson notebook is run as a learner would run it, and each exercise box it
builds is counted by how it is answered: a typed number, a set pressed (cards, seats), or
one of a few given options (multiple choice). The German lessons have the same exercises
(`test_lesson_tiers` compares each pair).
"""

from collections import Counter

import pytest

from helpers.lessons import LESSONS, boxes_of


@pytest.fixture(scope="module")
def kinds():
    found: dict[str, Counter] = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in LESSONS:
            if not name.startswith("de/"):
                found[name] = Counter(box.kind for box in boxes_of(name, monkeypatch))
    return found


def test_at_most_a_third_of_all_exercises_are_multiple_choice(kinds):
    total = sum(kinds.values(), Counter())
    assert total["choice"] * 3 <= sum(total.values()), (total, kinds)

