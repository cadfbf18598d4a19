"""Playing Five Sons at seat 0 through the widget's Python API, and what the browser may see."""

from __future__ import annotations

import dataclasses
import html
import re
import string
import sys

import pytest
from ipywidgets.widgets.widget import _instances

from cardlab.cards import parse_cards
from cardlab.errors import IllegalAction
from cardlab.fivesons.actions import Guess, Kind, NoGuess, Question, Show
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game
from cardlab.fivesons.narration import refusal_to_you
from cardlab.fivesons.notes_check import LACKS
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.fivesons.widgets.stepper import FiveSonsStory
from cardlab.i18n import catalogue, message

HANDS = ["KH JC AH 5H JD", "QC KC 2H 4H 6H", "QD KD 7H 8H JH", "QH JS KS 9H TH"]


@dataclasses.dataclass
class Scripted:
    """A bot that asks the questions it is given and guesses when told to."""

    questions: list[str]
    guesses: dict[int, str] = dataclasses.field(default_factory=dict)  # after question N
    name: str = "scripted"

    def decide(self, game, decision):
        seat = decision.seat
        if decision.kind == Kind.ASK:
            return Question(seat, *parse_cards(self.questions.pop(0))), None
        if decision.kind == Kind.SHOW:
            return Show(seat, decision.options[0]), None
        asked = sum(1 for event in game.events if hasattr(event, "shown"))
        if asked in self.guesses:
            return Guess(seat, *parse_cards(self.guesses.pop(asked))), None
        return NoGuess(seat), None


def deal(solution="QS 3H", hands=HANDS):
    return FiveSonsGame.start(FiveSonsRules(), parse_cards(solution),
                              [parse_cards(hand) for hand in hands])


def bots():
    """Seat 1 asks twice about two of the learner's cards; seats 2 and 3 ask about their own."""
    return [Scripted(["KH 5H", "JC AH"]), Scripted(["QD 7H"]),
            Scripted(["QH TH"], guesses={6: "QS 3H"})]


def play(widget, steps):
    """Drive the widget as a learner would; `steps` are what to do at each decision."""
    for step in steps:
        kind, *args = step.split()
        if kind in ("ask", "guess"):
            for code in args:
                widget.choose(code)
            widget.ask() if kind == "ask" else widget.guess()
        elif kind == "show":
            widget.show(args[0])
        else:
            widget.pass_guess()


def states(widget) -> object:
    """Every synced trait of the widget and all its children, with model ids resolved."""
    seen = {}

    def walk(value):
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            model = _instances[value[len("IPY_MODEL_"):]]
            if model.model_id not in seen:
                seen[model.model_id] = None
                seen[model.model_id] = walk(model.get_state())
            return seen[model.model_id]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [walk(item) for item in value]
        return value

    return walk(f"IPY_MODEL_{widget.model_id}")


def texts(value) -> list[str]:
    if isinstance(value, dict):
        return [text for item in value.values() for text in texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in texts(item)]
    return [value] if isinstance(value, str) else []


def test_a_whole_game_ask_show_one_of_two_pass_guess_wrong():
    widget = FiveSonsWidget(game=deal(), bots=bots())
    assert widget.decision.kind == Kind.ASK
    assert sorted(widget.hand.codes) == sorted(HANDS[0].split())
    assert all(card["plain"] for card in widget.hand.cards)  # pictures until asked to show
    widget.ask()                                         # nothing chosen yet
    assert widget.note.status == "Choose one face card and one heart."
    assert widget.controls.status == ("Your turn to ask: choose a face card and a heart, "
                                      "then press Ask.")       # the prompt stays beside it
    play(widget, ["ask QC 7H"])
    assert widget.log_lines[:2] == ["You asked: The Queen of Clubs has seven sons.",
                                    "Seat 1 showed you the Queen of Clubs."]
    assert widget.controls.status.startswith("Seat 1 showed you the Queen of Clubs. Guess")
    play(widget, ["pass"])                               # bots pass; seat 1 asks KH 5H
    assert widget.decision.kind == Kind.SHOW
    assert {c["code"]: c["disabled"] for c in widget.hand.cards} == {
        "KH": False, "5H": False, "JC": True, "AH": True, "JD": True}
    assert not any(card["plain"] for card in widget.hand.cards)
    widget.hand.click("JC")                              # not asked about: refused, explained
    assert widget.note.status == ("You were asked about the King of Hearts and the Five "
                                      "of Hearts: show one of these two.")
    widget.hand.click("5H")
    assert "You showed seat 1 the Five of Hearts." in widget.log_lines
    assert all(card["plain"] for card in widget.hand.cards)
    play(widget, ["pass"])                               # guesses after seat 1's question
    assert "Nobody could show a card: every other seat holds neither." in widget.log_lines
    play(widget, ["pass", "pass"])                       # after seat 2's and seat 3's
    assert widget.decision.kind == Kind.ASK
    play(widget, ["ask KD 8H"])                          # seat 2 holds both: the bot chooses
    assert widget.log_lines[-1] == "Seat 2 showed you the King of Diamonds."
    assert widget.solution.value == ""
    play(widget, ["guess KS TH"])
    assert "You guessed wrong and saw the solution: the Queen of Spades and the Three " \
           "of Hearts." in widget.log_lines
    assert "The solution: the Queen of Spades and the Three of Hearts." in widget.solution.value
    assert 0 in widget.game.eliminated and not widget.game.over
    assert widget.decision.kind == Kind.SHOW                # the learner keeps answering
    widget.hand.click("AH")
    assert widget.game.winner == 3 and widget.controls.status.endswith("The game is over.")
    assert widget.review.layout.display is None
    widget.review.click("review")
    assert widget.stepper is not None and widget.stepper in widget.after_game.children
    assert widget.stepper.perspective.options == (("You", 0), ("The table", "public"))
    widget.stepper.steps.click("next")
    for view in (0, "public"):          # the learner's own question, in either view
        widget.stepper.perspective.value = view
        assert widget.stepper.sentences[0].startswith("You asked: "), view
        assert not any("Seat 0" in line for line in widget.stepper.sentences), view
    widget.stepper.perspective.value = 0               # the learner's own knowledge graph
    picture = html.unescape(widget.stepper.picture.value)
    assert "What you know after 1 event" in picture and ">You<" in picture
    assert not re.search(r"\b[Ss]eat 0\b|\(me\)|\bmy hand\b", picture), picture


def test_guessing_right_ends_the_game_and_a_refused_move_changes_nothing():
    widget = FiveSonsWidget(game=deal(), bots=bots())
    widget.guess()
    assert widget.note.status == "Choose one face card and one heart."
    widget.faces.click("QS")
    assert widget.face is not None and widget.faces.cards[[c["code"] for c in
                                                           widget.faces.cards].index("QS")][
        "pressed"]
    widget.faces.click("QS")                            # pressed again: dropped
    assert widget.face is None
    play(widget, ["ask JS 9H", "guess QS 3H"])
    assert widget.game.winner == 0
    assert widget.log_lines[-1] == ("You guessed right and win: the solution was the "
                                    "Queen of Spades and the Three of Hearts.")
    widget.faces.click("QC")
    assert widget.note.status.startswith("You choose a face card and a heart only")


def test_the_hint_is_the_infogain_question_with_its_reason():
    widget = FiveSonsWidget(game=deal(), bots=bots(), practice=True)
    widget.controls.click("hint")
    assert widget.advice.value.startswith('<p class="cardlab-hint">Hint: ask “The ')
    assert "bits (bits measure how much an answer tells you" in widget.advice.value


def test_german_table():
    widget = FiveSonsWidget(game=deal(), bots=bots(), lang="de")
    play(widget, ["ask QC 7H"])
    assert widget.log_lines[0] == "Du hast gefragt: Die Kreuz-Dame hat sieben Söhne."
    assert [c["name"] for c in widget.faces.cards][:1] == ["Kreuz-Bube"]


def test_from_settings_shows_a_bad_parameter():
    from cardlab.apps import read_settings
    widget = FiveSonsWidget.from_settings(read_settings("fivesons", "players=9&seed=4"))
    assert "players: 9 is out of range" in widget.problems.value
    assert len(widget.game.rules.hand_sizes) == 4


# Hidden information: two deals that seat 0 cannot tell apart must give the browser the
# same state, at every point; a twin with another solution only until it is revealed.
TWIN_HANDS = ["KH JC AH 5H JD", "QC KC 2H 4H 6H", "QD KD 7H 9H JH", "QH JS KS 8H TH"]
STEPS = ["ask QC 7H", "pass", "show 5H", "pass", "pass", "pass", "ask KD 8H"]


def test_deals_seat_0_cannot_tell_apart_look_the_same_to_the_browser():
    real = FiveSonsWidget(game=deal(), bots=bots())
    twin = FiveSonsWidget(game=deal(hands=TWIN_HANDS), bots=bots())  # 8H and 9H swapped
    other = FiveSonsWidget(game=deal("JS 3H", [h.replace("JS", "QS") for h in HANDS]),
                           bots=bots())  # another solution face
    assert states(real) == states(twin) == states(other)
    for step in STEPS:
        for widget in (real, twin, other):
            play(widget, [step])
            widget.notes.fill()
            widget.notes.check()
        assert states(real) == states(twin) == states(other), step
    for widget in (real, twin):
        play(widget, ["guess KS TH"])
        widget.show("JC")
        widget.open_stepper()
        widget.stepper.steps.click("next")
    # Once the game is over, its end screen shows who held what (by design): the deals
    # differ there, and nowhere else.
    assert real.game.over and real.end.shown
    assert real.end.summary.value != twin.end.summary.value
    for widget in (real, twin):
        widget.end.summary.value = ""
    assert states(real) == states(twin)


def test_no_bot_reasoning_reaches_the_browser():
    widget = FiveSonsWidget(FiveSonsRules(players=3), ["logician", "infogain"], seed=11)
    while not widget.game.over:
        decision = widget.decision
        if decision.kind == Kind.ASK:
            face, heart = decision.options[len(widget.log_lines) % len(decision.options)]
            play(widget, [f"ask {face} {heart}"])
        elif decision.kind == Kind.SHOW:
            widget.show(decision.options[1].code)
        else:
            widget.pass_guess()
        widget.notes.mark("QS", 1, LACKS)
        widget.notes.check()
        shown = " ".join(texts(states(widget)))
        for move in widget.table.moves:
            if move.seat != 0 and move.reason is not None:
                assert move.reason.text() not in shown


def test_the_table_shows_each_seat_what_it_did_and_the_question_in_the_middle():
    widget = FiveSonsWidget(game=deal(), bots=bots())
    picture = widget.seats.value
    assert picture.count("data-seat=") == 4 and 'role="img"' in picture
    assert "Seat 1 (scripted): 5 cards, nothing yet this round" in picture
    play(widget, ["ask QC 7H"])                          # seat 1 shows QC to seat 0
    picture = widget.seats.value
    assert "You asked: The Queen of Clubs has seven sons." in picture
    # ... above the picture, where it covers no seat's name (and stays legible on a phone)
    before, svg = picture.split("<svg")
    assert "seven sons." in before and "seven sons." not in svg
    assert "You: 5 cards, asked" in picture
    assert "Seat 1 (scripted): 5 cards, showed you a card" in picture
    middle = picture.split('data-part="shown"')[-1]     # the card in the middle
    assert "Queen of Clubs" in middle and "#cardlab-table-back" not in middle
    play(widget, ["pass"])                               # seat 1 asks KH 5H: the learner shows
    widget.hand.click("5H")
    play(widget, ["pass"])                               # seat 2 asks QD 7H: nobody can show
    picture = widget.seats.value
    assert "Seat 2 asked: The Queen of Diamonds has seven sons." in picture
    assert "Seat 3 (scripted): 5 cards, passed" in picture
    assert "You: 5 cards, passed" in picture


def test_a_card_shown_to_another_seat_lies_face_down():
    widget = FiveSonsWidget(game=deal(), bots=bots())
    play(widget, ["ask QC 7H", "pass"])                 # seat 1 asks about KH 5H
    widget.hand.click("5H")                              # the learner shows: it sees its card
    assert "Five of Hearts" in widget.seats.value
    play(widget, ["pass", "pass", "pass"])
    other = FiveSonsWidget(game=deal(), bots=[Scripted(["QD 7H"]), Scripted(["QD 7H"]),
                                              Scripted(["QD 7H"])])
    play(other, ["ask JS 9H", "pass"])                   # seat 1 asks QD 7H; seat 2 shows
    picture = other.seats.value
    assert "showed seat 1 a card" in picture
    assert picture.count('data-part="shown"') == 1
    middle = picture.split('data-part="shown"')[-1]
    assert "#cardlab-table-back" in middle and "Queen of Diamonds" not in middle


def test_take_back_in_practice_mode_only():
    plain = FiveSonsWidget(game=deal(), bots=bots())
    assert "take_back" not in [b["id"] for b in plain.controls.buttons]
    widget = FiveSonsWidget(game=deal(), bots=bots(), practice=True)
    assert widget.controls.spec("take_back").disabled    # nothing to take back yet
    widget.controls.click("take_back")                   # not offered: nothing happens
    assert widget.note.status == "" and widget.table.take_backs == 0
    widget.undo()                                        # even called directly: refused
    assert widget.note.status == "There is nothing to take back."
    play(widget, ["ask QC 7H"])
    assert widget.decision.kind == Kind.GUESS and widget.log_lines
    widget.controls.click("take_back")
    assert widget.decision.kind == Kind.ASK and widget.log_lines == []
    assert widget.note.status.startswith("Taken back")
    play(widget, ["ask KD 8H", "pass"])                  # another question instead
    assert widget.log_lines[0] == "You asked: The King of Diamonds has eight sons."


def test_the_table_is_drawn_from_the_viewers_seat():
    import re

    from cardlab.table import Person, Table
    from cardlab.widgets.classroom_source import LocalSource

    def seats_by_height(picture: str) -> list[str]:
        """Seat numbers from the bottom of the picture up (ties: left to right)."""
        groups = re.findall(r'<g data-seat="(\d)">.*?<text x="([\d.]+)" y="([\d.]+)"', picture)
        return [seat for seat, _, _ in sorted(groups, key=lambda g: (-float(g[2]), float(g[1])))]

    names = ["Ann", "Ben", "Cy", "Di"]
    source = LocalSource(Table(deal(), [Person()] * 4))
    ben = FiveSonsWidget.at_table(source, 2, names)
    assert seats_by_height(ben.seats.value)[0] == "2"          # the viewer at the bottom
    assert seats_by_height(ben.seats.value)[-1] == "0"         # across the table
    learner = FiveSonsWidget(game=deal(), bots=bots())
    assert seats_by_height(learner.seats.value)[0] == "0"      # alone: unchanged
    assert seats_by_height(learner.seats.value)[-1] == "2"


# A thin presenter: the widget's modules read the game only through the seat's view
# (`FiveSons.view`) and the table's decisions; the record only to save a finished game.
WIDGET_FILES = tuple(f"cardlab/fivesons/widgets/{name}.py" for name in ("play", "round", "end"))
PUBLIC = {"rules", "decisions"}


class Watched(FiveSonsGame):
    """A game that notes every attribute the widget's own code reads from it."""

    def __getattribute__(self, name):
        caller = sys._getframe(1).f_code.co_filename.replace("\\", "/")
        if not name.startswith("_") and caller.endswith(WIDGET_FILES):
            reads = object.__getattribute__(self, "__dict__").setdefault("_reads", [])
            over = object.__getattribute__(FiveSonsGame, "over").fget(self)
            if name not in PUBLIC and not (name == "to_record" and over):
                reads.append(name)
        return object.__getattribute__(self, name)


def test_the_widget_reads_the_game_only_through_the_seats_view():
    game = Watched.start(FiveSonsRules(), parse_cards("QS 3H"),
                         [parse_cards(hand) for hand in HANDS])
    widget = FiveSonsWidget(game=game, bots=bots(), practice=True)
    play(widget, ["ask QC 7H", "pass", "show 5H"])
    widget.controls.click("hint")
    play(widget, ["pass", "pass", "pass", "ask KD 8H", "guess KS TH"])
    widget.controls.click("play_on")               # practice waited after the wrong guess
    widget.hand.click("AH")                        # seat 3 guesses right: the game is over
    widget.review.click("review")
    widget.end.bar.click("save")
    assert "cardlab-download" in widget.end.download.value
    assert widget.end.shown
    assert game.__dict__.get("_reads", []) == []


@pytest.mark.parametrize(("lang", "seat_0"), [("en", "Seat 0"), ("de", "Platz 0")])
def test_the_learner_is_you_never_seat_0(lang, seat_0):
    widget = FiveSonsWidget(game=deal(), bots=bots(), lang=lang, practice=True)
    play(widget, ["ask QC 7H", "pass", "show 5H", "pass", "pass", "pass", "ask KD 8H"])
    widget.controls.click("hint")
    widget.guess()                                   # refused: nothing chosen
    play(widget, ["guess KS TH"])
    widget.controls.click("play_on")
    widget.hand.click("AH")                          # the game ends
    shown = "\n".join(texts(states(widget)))
    assert widget.end.shown and {"en": "You", "de": "Du"}[lang] in shown
    assert seat_0 not in shown and seat_0.lower() not in shown


@pytest.mark.parametrize(("lang", "title", "you", "theirs"), [
    ("en", "What you know after 2 events", "You", "What seat 0 knows after 2 events"),
    ("de", "Was du nach 2 Ereignissen weißt", "Du", "Was Platz 0 nach 2 Ereignissen weiß")])
def test_the_learners_own_graph_says_you_and_a_third_readers_keeps_the_seat(
        lang, title, you, theirs):
    game = play_game(FiveSonsRules(), ["logician"] * 4, seed=1)
    mine = FiveSonsStory.from_game(game, lang, you=0).graph(0, 2)
    assert mine.graph["title"] == title and mine.nodes["0"]["label"] == you
    assert all("Seat 0" not in data.get("why", "") and "♠" not in data.get("why", "")
               for _, _, data in mine.edges(data=True))
    other = FiveSonsStory.from_game(game, lang).graph(0, 2)   # the stepper app, the lessons
    seat = message("graph.seat", lang, seat=0)      # "Seat 0" or "Platz 0", no "(me)"
    assert other.graph["title"] == theirs and other.nodes["0"]["label"] == seat
    story = FiveSonsStory.from_game(game, lang, you=0)
    told = [line for after in range(1, story.count + 1) for line in story.certainties(0, after)]
    assert told and not any(re.search("[♠♥♦♣]|\\b(me|mir)\\b", line) for line in told), told
    seat1 = story.graph(1, 2)                            # another seat's view
    assert seat1.nodes["1"]["label"] == message("graph.seat", lang, seat=1)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You must first choose which card to show."),
    ("de", "Du musst erst wählen, welche Karte du zeigst.")])
def test_a_refusal_on_the_learners_page_calls_the_learner_you(lang, said):
    """In the classroom another screen can move first: the engine's refusal then names the
    learner's seat, and the learner's page says "you"."""
    widget = FiveSonsWidget(game=deal(), bots=bots(), lang=lang)
    play(widget, ["ask QC 7H", "pass"])                 # seat 1 asks: the learner must show
    assert widget.decision.kind == Kind.SHOW
    before = widget.game.to_record()
    widget._act(Question(0, *parse_cards("QS 3H")))    # a stale screen asks instead
    assert widget.note.status == said and widget.game.to_record() == before


@pytest.mark.parametrize("key", sorted(k for k in catalogue("en")
                                       if k.startswith("fivesons.illegal_you.")))
def test_every_refusal_naming_the_learner_says_you(key):
    part, name = key.split(".")[-2:]
    cards = dict(zip(("face", "heart", "card"), parse_cards("QS 3H KC"), strict=True))
    params = {n: 0 if n == name else cards.get(n, 2) for _, n, _, _ in string.Formatter().parse(
        catalogue("en")[f"fivesons.illegal.{part}"]) if n}
    refusal = IllegalAction(f"fivesons.illegal.{part}", **params)
    for lang, you in (("en", r"\b(you|You|yours)\b"), ("de", r"\b(du|Du|dir)\b")):
        told = refusal_to_you(refusal, 0, lang)
        assert re.search(you, told) and not re.search(r"\b(seat|Seat|Platz) 0\b", told), told
        assert not re.search("[♠♥♦♣]", told), told
        assert refusal_to_you(refusal, 1, lang) == refusal.text(lang)    # not the learner's


def bots_after_a_wrong_guess():
    """Seat 1 asks the learner; seat 3 guesses right after the fourth question."""
    return [Scripted(["KH 5H"]), Scripted(["QD 7H"]), Scripted(["QH TH"], guesses={4: "QS 3H"})]


def guess_wrong_by_clicks(widget):
    """Ask the Queen of Clubs and the Seven of Hearts, then guess wrong, all by clicks."""
    for row, code in ((widget.faces, "QC"), (widget.hearts, "7H")):
        row.click(code)
    widget.controls.click("ask")
    widget.faces.click("KS")
    widget.hearts.click("TH")
    widget.controls.click("guess")


def solution_shown(widget) -> bool:
    """True if anything the page holds names the solution (the Queen of Spades and the
    Three of Hearts)."""
    return "Queen of Spades and the Three of Hearts" in "\n".join(texts(states(widget)))


def test_a_wrong_guess_in_practice_waits_to_be_taken_back_unseen():
    """The rules show a wrong guesser the solution; in practice the page keeps it back until
    the learner lets the others play on, so a guess taken back has not given it away."""
    widget = FiveSonsWidget(game=deal(), bots=bots_after_a_wrong_guess(), practice=True)
    guess_wrong_by_clicks(widget)
    assert 0 in widget.game.eliminated                       # the engine played the guess
    assert not widget.game.over and widget.decision is None    # the bots wait
    assert widget.controls.status.startswith(
        "The King of Spades and the Ten of Hearts are not the solution, and you have not "
        "seen it yet. Take back your guess")
    assert widget.revealed is None and not solution_shown(widget)
    assert not widget.log_lines[-1].startswith("You guessed")
    assert not widget.controls.spec("take_back").disabled
    assert not widget.controls.spec("play_on").disabled
    widget.controls.click("take_back")
    assert 0 not in widget.game.eliminated and widget.decision.kind == Kind.GUESS
    assert widget.controls.spec("play_on").disabled and not solution_shown(widget)
    assert widget.practice.take_backs == 1 and widget.note.status == "Taken back: your guess."
    widget.faces.click("QS")
    widget.hearts.click("3H")
    widget.controls.click("guess")                     # the learner guesses again: right
    assert widget.game.winner == 0
    assert "a practice win, not a win in a game" in widget.end.summary.value


def test_play_on_after_a_wrong_guess_and_the_end_screen_says_so():
    widget = FiveSonsWidget(game=deal(), bots=bots_after_a_wrong_guess(), practice=True)
    guess_wrong_by_clicks(widget)
    widget.controls.click("play_on")
    assert any(line.startswith("You guessed wrong and saw the solution")
               for line in widget.log_lines)
    assert widget.revealed == tuple(parse_cards("QS 3H")) and solution_shown(widget)
    assert widget.decision.kind == Kind.SHOW          # seat 1 asks the learner: played on
    assert widget.controls.spec("play_on").disabled
    # The solution seen, the guess stays: no take back reaches back to it.
    assert widget.controls.spec("take_back").disabled
    widget.controls.click("take_back")
    assert 0 in widget.game.eliminated and widget.practice.take_backs == 0
    widget.hand.click("5H")                           # then seat 3 guesses right: over
    assert widget.game.winner == 3
    summary = html.unescape(widget.end.summary.value)
    assert "You guessed wrong, so you could not win this game." in summary


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_guess_in_a_game_lets_the_others_play_on(lang):
    widget = FiveSonsWidget(game=deal(), bots=bots_after_a_wrong_guess(), lang=lang)
    assert "play_on" not in [button["id"] for button in widget.controls.buttons]
    guess_wrong_by_clicks(widget)
    assert widget.decision.kind == Kind.SHOW          # no waiting: seat 1 asked on
    widget.hand.click("5H")
    summary = html.unescape(widget.end.summary.value)
    assert catalogue(lang)["fivesons.table.over_wrong"] in summary
