"""A browser is untrusted input: whatever it writes or sends, a seat's page shows only what
that seat may see.

For each game, the same classroom seat is opened at two tables that differ only in cards the
seat may not see (other seats' hands swapped; Five Sons: the solution too). Every widget of
the page (found by walking the widget tree, so a new widget is covered without touching this
test) then receives the same hostile messages through its comm handler: an update of each
of its synced traits with values it never had (flags flipped, buttons and cards added,
lists emptied, every option of a selection), and every custom message the cardlab front
ends send, with every button id and card code any cardlab widget knows. After each widget's
turn the two pages' synced states must be identical, and no message may raise.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipywidgets.widgets.widget import _instances

import cardlab
from cardlab.blackwidow.actions import Deal as BlackWidowDeal
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.widgets import play as blackwidow
from cardlab.cards import TWO_OF_CLUBS
from cardlab.classroom.room import Room
from cardlab.fivesons.actions import Deal as FiveSonsDeal
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets import play as fivesons
from cardlab.games import GAMES
from cardlab.widgets import guard
from cardlab.widgets.classroom_student import StudentView

Path_ = tuple[Any, ...]
#: The twin table's seed: its dealer deals a twin of the first table's deal.
SEED, TWIN = 11, 12
#: Keys under which a cardlab widget's list items carry the id a message names.
ID_KEYS = ("id", "code")
#: The custom messages cardlab's front ends send (`model.send({name: ...})` in the ES modules).
MESSAGES = sorted(set(re.findall(
    r"model\.send\(\{\s*(\w+)\s*:",
    "".join(path.read_text("utf-8") for path in
            Path(cardlab.__file__).parent.rglob("*.js")))))


# -- the two tables ------------------------------------------------------------------

def fivesons_twin(game: FiveSonsGame, seat: int) -> FiveSonsDeal:
    """`game`'s deal with two other seats' hands swapped and the solution swapped with a
    third seat's face card and heart."""
    others = [s for s in range(game.players) if s != seat]
    hands = [list(hand) for hand in game._dealt_order]
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    holder = hands[others[2]]
    face = next(card for card in holder if card in game.rules.faces)
    heart = next(card for card in holder if card in game.rules.hearts)
    solution_face, solution_heart = game.solution
    holder[holder.index(face)] = solution_face
    holder[holder.index(heart)] = solution_heart
    return FiveSonsDeal((face, heart), tuple(tuple(hand) for hand in hands))


def blackwidow_twin(game: BlackWidowGame, seat: int) -> BlackWidowDeal:
    """`game`'s deal (just dealt) with the other seats' hands passed round one seat."""
    deal = [list(cards) for cards in game.to_record().hands[-1].deal]
    others = [s for s in range(game.rules.players) if s != seat]
    moved = [deal[others[-1]], *(deal[s] for s in others[:-1])]
    for s, cards in zip(others, moved, strict=True):
        deal[s] = cards
    return BlackWidowDeal(tuple(tuple(cards) for cards in deal))


TWINS = {"fivesons": fivesons_twin, "blackwidow": blackwidow_twin}
HOLD = {"players": 4, "pass_cycle": ["hold"]}
#: Game, rules and the seat whose page is opened: a seat that is not the first to move at
#: Five Sons (asking would show it cards, rightly different at the two tables); at Black
#: Widow seat 0, which may choose and pass three cards (it receives none until all passed),
#: and, in a hand without passing, the seat that leads the Two of Clubs.
CASES = [("fivesons", {"players": 4}, 1), ("blackwidow", {"players": 4}, 0),
         ("blackwidow", HOLD, BlackWidowGame.new(BlackWidowRules.from_json(HOLD), SEED)
          .hand.holder(TWO_OF_CLUBS))]


def open_twins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
               rules: dict[str, Any], seat: int) -> list[Page]:
    """`seat`'s page at a table and at its twin (every seat a student's, so nobody moves)."""
    room = Room.open(tmp_path / "class.sqlite")
    entry = GAMES[name]
    real = entry.undealt
    twin = TWINS[name]

    def undealt(game_rules: Any, seed: int | None = None) -> Any:
        game = real(game_rules, seed)
        if seed == TWIN:                   # its dealer deals the twin of the first deal
            deal = twin(entry.new_game(game_rules, SEED), seat)
            game.draw = lambda: deal
        return game

    monkeypatch.setattr(entry, "undealt", undealt)
    players = rules["players"]
    first = room.create_table(name, rules, SEED, ["student"] * players)
    second = room.create_table(name, rules, TWIN, ["student"] * players)
    pages = [open_page(room, first, seat, "a"), open_page(room, second, seat, "b")]
    one, other = (page.view.shared.table.game for page in pages)
    assert one != other, "the twin tables must differ in hidden cards"
    assert one.observation_log(seat) == other.observation_log(seat) if name == "fivesons" \
        else one.hand.holding[seat] == other.hand.holding[seat]
    return pages


@dataclass
class Page:
    """A seat's page, and every widget made while it opened (the browser can reach each one,
    in the page's tree or not)."""

    view: StudentView
    made: list[widgets.Widget]

    def reachable(self) -> list[tuple[Path_, widgets.Widget]]:
        """The page's widget tree, then the widgets made with it that are not in the tree."""
        found = list(tree(self.view))
        seen = {id(widget) for _, widget in found}
        return found + [(("made", index), widget) for index, widget in enumerate(self.made)
                        if id(widget) not in seen]


def open_page(room: Room, table: str, seat: int, holder: str) -> Page:
    before = set(_instances)
    view = StudentView(room, table, seat, holder=holder)
    return Page(view, [widget for key, widget in _instances.items() if key not in before])


# -- walking the page ----------------------------------------------------------------

def tree(widget: widgets.Widget, path: Path_ = ()) -> Iterator[tuple[Path_, widgets.Widget]]:
    """Every widget reachable through synced traits (children, layout, style...), by path."""
    yield path, widget
    for key in sorted(widget.keys):
        value = getattr(widget, key)
        if isinstance(value, widgets.Widget):
            yield from tree(value, (*path, key))
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                if isinstance(item, widgets.Widget):
                    yield from tree(item, (*path, key, index))


def synced_state(found: list[tuple[Path_, widgets.Widget]]) -> dict[Path_, Any]:
    """Every widget's synced state by tree position, references to widgets by position."""
    names = {f"IPY_MODEL_{widget.model_id}": path for path, widget in found}

    def plain(value: Any) -> Any:
        if isinstance(value, str):
            return ("widget", names.get(value, "elsewhere")) if value.startswith(
                "IPY_MODEL_") else value
        if isinstance(value, (list, tuple)):
            return [plain(item) for item in value]
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        return value

    return {path: (type(widget).__name__, plain(widget.get_state())) for path, widget in found}


def both_states(pages: list[Page], before: list[list[tuple[Path_, widgets.Widget]]],
                ) -> list[dict]:
    """Each page's synced state: every widget it can reach now, and every widget it had at
    the start of the round (a forged `children` may have taken some out of the tree: the
    browser still has them)."""
    return [{**{("then", *path): state for path, state in synced_state(old).items()},
             **synced_state(page.reachable())} for page, old in zip(pages, before, strict=True)]


def identifiers(*roots: widgets.Widget) -> set[Any]:
    """Every id and card code in any list of the widgets' synced states, and the cells of
    any grid (rows by columns)."""
    found: set[Any] = set()
    for root in roots:
        for _, widget in tree(root):
            state = widget.get_state()
            for value in state.values():
                if isinstance(value, (list, tuple)):
                    found |= {item[key] for item in value if isinstance(item, dict)
                              for key in ID_KEYS if isinstance(item.get(key), str)}
            if isinstance(state.get("rows"), list) and isinstance(state.get("columns"), list):
                found |= {f"{row.get('code')}|{column.get('id')}" for row in state["rows"]
                          for column in state["columns"]}
    return found


# -- the hostile messages --------------------------------------------------------------

def forged(value: Any, ids: list[str]) -> list[Any]:
    """Values a browser might write instead of `value`."""
    if isinstance(value, bool):
        return [not value, None]
    if isinstance(value, (int, float)):
        return [value + 1, -1, 10**9, None, "1"]
    if isinstance(value, str):
        return ["", "<b>forged</b>", *(ids[:3]), None, 1]
    if value is None:
        return [True, 0, "forged", []]
    if isinstance(value, dict):
        return [{}, flipped(value, True), flipped(value, False), {key: True for key in ids}]
    if isinstance(value, (list, tuple)):
        items = [item for item in value if isinstance(item, dict)]
        template = items[0] if items else {"id": "", "code": "", "label": "forged"}
        added = [{**flipped(template, flag), **{key: ident for key in ID_KEYS
                                                 if key in template or not items}}
                 for ident in ids for flag in (True, False)]
        return [[], list(reversed(value)), [flipped(item, True) if isinstance(item, dict)
                                            else item for item in value],
                [*value, *added], [None]]
    return [None]


def flipped(item: dict[str, Any], flag: bool) -> dict[str, Any]:
    return {key: flag if isinstance(value, bool) or value is None else value
            for key, value in item.items()}


def updates(widget: widgets.Widget, ids: list[str]) -> Iterator[dict[str, Any]]:
    """Trait updates: every synced trait forged, every option of a selection chosen."""
    state = widget.get_state()
    for key in sorted(state):
        for value in forged(state[key], ids):
            yield {key: value}
    labels = state.get("_options_labels")
    if isinstance(labels, (list, tuple)):
        for index in range(len(labels)):
            yield {"index": index}
    if isinstance(widget, widgets.SelectMultiple) and labels:
        yield {"index": list(range(len(labels)))}


def customs(ids: list[str]) -> Iterator[Any]:
    """Custom messages: every message name with every id, and malformed ones."""
    for name in MESSAGES:
        for ident in ids:
            yield {name: ident}
        yield from ({name: None}, {name: 3}, {name: [ids[0]]}, {name: {"id": ids[0]}})
    yield from ({}, "click", [1], None)


def translated(value: Any, names: dict[str, str]) -> Any:
    """`value` with every reference to a widget replaced as `names` says."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, (list, tuple)):
        return [translated(item, names) for item in value]
    if isinstance(value, dict):
        return {key: translated(item, names) for key, item in value.items()}
    return value


def update(widget: widgets.Widget, state: dict[str, Any]) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})


def custom(widget: widgets.Widget, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def known_ids(pages: list[Page]) -> list[str]:
    """Ids of every button any cardlab widget has (the solo apps' too), every card code,
    every cell of a notes grid."""
    solo = (blackwidow.BlackWidowWidget(seed=1), fivesons.FiveSonsWidget(seed=1, practice=True))
    solo[0].start_bar.click("deal")
    roots = [widget for page in pages for _, widget in page.reachable()]
    return sorted(identifiers(*roots, *solo) | {"teacher", "hint", "undo", "take_back"})


@pytest.mark.parametrize(("name", "rules", "seat"), CASES,
                         ids=["fivesons", "blackwidow-passing", "blackwidow-playing"])
def test_hostile_messages_to_every_widget_show_no_hidden_card(
        tmp_path, monkeypatch, caplog, name, rules, seat):
    pages = open_twins(tmp_path, monkeypatch, name, rules, seat)
    assert all(page.view.playing for page in pages)
    ids = known_ids(pages)
    assert {"teacher", "last", "ask", "QS"} <= set(ids) and any("|" in i for i in ids)
    assert_same(*both_states(pages, [page.reachable() for page in pages]), "at start")
    done: set[Path_] = set()
    for _ in range(3):      # pressed buttons may add widgets: they get their turn too
        found = [page.reachable() for page in pages]
        assert [path for path, _ in found[0]] == [path for path, _ in found[1]]
        todo = [(path, one, other) for (path, one), (_, other) in zip(*found, strict=True)
                if path not in done]
        if not todo:
            break
        # The same forged reference to a widget names, at the other page, its twin.
        twin_ids = {f"IPY_MODEL_{one.model_id}": f"IPY_MODEL_{other.model_id}"
                    for (_, one), (_, other) in zip(*found, strict=True)}
        for path, *targets in todo:
            done.add(path)
            assert type(targets[0]).__name__ == type(targets[1]).__name__, path
            caplog.clear()
            with caplog.at_level(logging.WARNING):
                for state in updates(targets[0], ids):
                    update(targets[0], state)
                    update(targets[1], translated(state, twin_ids))
                for content in customs(ids):
                    for target in targets:
                        custom(target, content)
                for page in pages:
                    page.view.poll()
            assert_same(*both_states(pages, found),
                        f"after messages to {path} ({type(targets[0]).__name__})")
            raised = [r.getMessage() for r in caplog.records if "Exception" in r.getMessage()]
            assert not raised, f"messages to {path} raised: {raised[:3]}"


def assert_same(one: dict, other: dict, when: str) -> None:
    differ = [p for p in sorted(set(one) | set(other), key=str) if one.get(p) != other.get(p)]
    assert not differ, f"{when}: the pages differ at {differ[:3]}: " + "; ".join(
        f"{key}: {one[differ[0]][1].get(key)!r:.300} != {other[differ[0]][1].get(key)!r:.300}"
        for key in sorted(one[differ[0]][1]) if differ[0] in one and differ[0] in other
        and one[differ[0]][1].get(key) != other[differ[0]][1].get(key))


# -- ignored and sent back ----------------------------------------------------------------

@pytest.fixture
def sent(monkeypatch) -> list[tuple[widgets.Widget, dict[str, Any]]]:
    """Every message the kernel sends to the browser, by widget."""
    messages: list[tuple[widgets.Widget, dict[str, Any]]] = []
    monkeypatch.setattr(widgets.Widget, "_send",
                        lambda self, msg, buffers=None: messages.append((self, msg)))
    return messages


def test_a_students_forged_teacher_button_is_refused_and_sent_back(tmp_path, sent):
    room = Room.open(tmp_path / "class.sqlite")
    table = room.create_table("blackwidow", {"players": 3}, 4, ["student"] * 3)
    page = StudentView(room, table, 0, holder="ann")
    assert isinstance(page.table, blackwidow.BlackWidowWidget)
    views = page.table.views
    kernel = views.get_state()["buttons"]
    forged = [*kernel, {"id": "teacher", "label": "x", "disabled": False, "pressed": True,
                        "primary": False}]
    sent.clear()
    update(views, {"buttons": forged})
    assert views.buttons == kernel
    assert (views, {"method": "update", "state": {"buttons": kernel},
                    "buffer_paths": []}) in sent        # the browser is put right
    custom(views, {"click": "teacher"})
    custom(views, {"click": "last"})                    # a redraw
    assert page.table.teacher.value == "" and "last" in page.table.last_trick.value


def pages_of_every_app(tmp_path: Path) -> list[widgets.Widget]:
    """A classroom seat of each game, the teacher's app, the solo apps and the lessons'
    boxes."""
    from cardlab.fivesons.widgets.assistant import Assistant
    from cardlab.fivesons.widgets.worlds import WorldsExplorer
    from cardlab.fivesons.worlds import tiny_game
    from cardlab.lessons.exercises import ExerciseBox, Verdict
    from cardlab.lessons.tournament import TournamentBox
    from cardlab.lessons.worlds import WorldsViewer
    from cardlab.widgets.card_explorer import CardExplorer
    from cardlab.widgets.classroom_teacher import TeacherApp
    from cardlab.widgets.stepper_app import StepperApp

    room = Room.open(tmp_path / "class.sqlite")
    seats = [StudentView(room, room.create_table(name, rules, 5, ["student"] * 4), seat,
                         holder=name) for name, rules, seat in CASES]
    solo = blackwidow.BlackWidowWidget(seed=2)
    solo.start_bar.click("deal")
    def check(answer: Any) -> Verdict:
        return Verdict(answer == 1)

    options = [("one", "1"), ("two", "2")]
    lessons = [ExerciseBox.number("How many?", check), ExerciseBox.choice("Which?", options, check),
               ExerciseBox.many("Which ones?", options, check),
               TournamentBox(FiveSonsRules(players=3), ["random"] * 3, 1, seed=1),
               WorldsViewer(tiny_game())]
    return [*seats, TeacherApp(room), solo, fivesons.FiveSonsWidget(seed=2, practice=True),
            StepperApp(""), Assistant(), WorldsExplorer(), CardExplorer("QS"), *lessons]


def test_every_trait_but_an_input_is_the_kernels(tmp_path, sent):
    """Every synced trait of every widget of every app, but the inputs `guard.inputs` names,
    ignores a browser's update and sends the kernel's value back."""
    checked = 0
    for page in pages_of_every_app(tmp_path):
        for path, widget in tree(page):
            inputs = guard.inputs(widget)
            state = widget.get_state()
            for key in sorted(set(state) - inputs):
                for value in forged(state[key], ["teacher", "QS"])[:3]:
                    sent.clear()
                    update(widget, {key: value})
                    assert widget.get_state()[key] == state[key], (type(page), path, key)
                    assert any(target is widget and msg.get("method") == "update"
                               and msg["state"].get(key) == state[key]
                               for target, msg in sent), (type(page), path, key)
                    checked += 1
    assert checked > 1000


def test_inputs_take_only_what_the_kernel_offers(sent):
    choice = widgets.Dropdown(options=[("one", 1), ("two", 2)])
    text = widgets.Text()
    tick = widgets.Checkbox()
    guard.guard(widgets.VBox([choice, text, tick]))
    update(choice, {"index": 1})
    assert choice.value == 2
    for bad in (None, 2, -1, True, "0", [0]):
        sent.clear()
        update(choice, {"index": bad})
        assert choice.value == 2 and sent[-1][1]["state"] == {"index": 1}, bad
    update(text, {"value": "QS 3H"})
    assert text.value == "QS 3H"
    update(text, {"value": "x" * (guard.MAX_TEXT + 1)})
    assert text.value == "QS 3H"
    update(tick, {"value": 1})
    assert tick.value is False
    choice.disabled = True
    update(choice, {"index": 0})
    assert choice.value == 2
    later = widgets.Text()
    choice.layout = widgets.Layout()
    text.layout = later.layout
    update(later.layout, {"display": "none"})            # in the page since just now
    assert later.layout.display is None
    tabs = widgets.Tab([widgets.HTML(), widgets.HTML()])
    guard.guard(tabs)
    update(tabs, {"selected_index": 1})
    update(tabs, {"selected_index": 2})
    assert tabs.selected_index == 1


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["index", "value", "selected_index", "options", "children", "layout"]),
       JSON)
def test_any_json_a_browser_writes_leaves_an_input_valid_and_raises_nothing(key, value):
    stock = [widgets.Dropdown(options=["a", "b"]), widgets.RadioButtons(options=["a"]),
             widgets.Text("x"), widgets.Checkbox(), widgets.BoundedIntText(3, min=1, max=9),
             widgets.FileUpload(), widgets.Tab([widgets.HTML()])]
    guard.guard(widgets.VBox(stock))
    before = [widget.get_state() for widget in stock]
    for widget in stock:
        widget.set_state({key: value})      # as the comm does, without its catch-all
    for widget, old in zip(stock, before, strict=True):
        new = widget.get_state()
        changed = {name for name in new if new[name] != old[name]}
        assert changed <= guard.inputs(widget), (type(widget).__name__, changed)
    dropdown, radio, text, tick, number, upload, tabs = stock
    assert dropdown.index in (0, 1) and radio.index == 0 and isinstance(text.value, str)
    assert isinstance(tick.value, bool) and 1 <= number.value <= 9
    assert upload.value == () and tabs.selected_index in (None, 0)
