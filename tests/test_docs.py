"""The complete examples in docs/ are real: they load, replay and give knowledge."""

import json
import re
from pathlib import Path

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog, FiveSonsRecord
from cardlab.records import parse_record

RECORDS = (Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text("utf-8")


def complete_examples() -> list:
    """Every JSON example of a whole document (the Black Widow one is abridged with '...')."""
    blocks = re.findall(r"```json\n(.*?)```", RECORDS, re.S)
    return [json.loads(block) for block in blocks
            if block.lstrip().startswith("{") and "..." not in block]


def test_the_five_sons_examples_replay_and_give_knowledge():
    kinds = set()
    for data in complete_examples():
        document = parse_record(data)
        if isinstance(document, FiveSonsRecord):
            game = FiveSonsGame.from_record(document)
            assert game.over and game.winner == 0
            log = game.observation_log(0)
        else:
            assert isinstance(document, FiveSonsLog)
            log = document
        kinds.add(type(document))
        knowledge = FiveSonsKnowledge.from_log(log)
        assert knowledge.worlds > 0
    assert kinds == {FiveSonsRecord, FiveSonsLog}
