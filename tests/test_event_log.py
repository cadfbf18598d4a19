"""The shared game log: the current section open, earlier ones folded, each drawn once."""

from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.widgets.event_log import EventLog, LogSection


def test_a_folded_section_is_drawn_once_and_keeps_its_widget():
    log = EventLog("Game log")
    first = LogSection("Hand 1", ("Dealt.", "Hand 1 is over."), "Hand 1 is over.")
    log.show([first, LogSection("Hand 2", ("Dealt.",))])
    folded = log.sections[0]
    changes = []
    folded.observe(changes.append, "value")
    log.show([first, LogSection("Hand 2", ("Dealt.", "Seat 1 played."))], new=1)
    assert log.sections[0] is folded and changes == []     # the browser keeps it as it was
    assert folded.value.startswith("<details") and " open" not in folded.value
    assert "<summary>Hand 1 is over. (2 entries)</summary>" in folded.value


def test_no_line_no_log_and_counts_in_german():
    log = EventLog("Spielverlauf", "de")
    log.show([LogSection("Runde 1", ())])
    assert log.children == ()
    log.show([LogSection("Runde 1", ("a",)), LogSection("Runde 2", ("b",))])
    assert "(1 Eintrag)</summary>" in log.sections[0].value
    assert log.children[0] is log.heading and "<h2" in log.heading.value


def test_five_sons_folds_each_question_round_under_its_question():
    widget = FiveSonsWidget(FiveSonsRules(players=3), bots=["random", "random"], seed=2)
    while widget.decision is not None and not widget.game.over and \
            len(widget.history.sections) < 3:
        kind = widget.decision.kind
        if kind == "ask":
            face, heart = widget.decision.options[0]
            widget.choose(face.code)
            widget.choose(heart.code)
            widget.ask()
        elif kind == "show":
            widget.show(widget.decision.options[0].code)
        else:
            widget.pass_guess()
    *earlier, current = widget.history.sections
    assert earlier and all(part.value.startswith("<details") for part in earlier)
    assert "<summary>You asked: " in earlier[0].value
    assert current.value.startswith('<div role="group"')
    assert 'aria-label="Question ' in current.value
