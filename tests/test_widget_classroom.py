"""Classroom seats through their widgets' buttons: two students in one process, one store."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from ipywidgets.widgets.widget import _instances

from cardlab.blackwidow import kernel
from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import Phase
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.classroom.room import Room
from cardlab.fivesons.actions import Kind
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.widgets import classroom_student
from cardlab.widgets.classroom import classroom_app
from cardlab.widgets.classroom_student import StudentView, takeover_seconds
from cardlab.widgets.classroom_teacher import TeacherApp
from cardlab.widgets.presence import PagePresence

HOLD = {"players": 3, "pass_cycle": ["hold"]}


@pytest.fixture
def room(tmp_path):
    return Room.open(tmp_path / "class.sqlite")


def fivesons_move(widget: FiveSonsWidget) -> None:
    """The first option of whatever the seat must decide, by its buttons."""
    decision = widget.decision
    assert decision is not None
    if decision.kind == Kind.ASK:
        face, heart = decision.options[0]
        widget.faces.click(face.code)
        widget.hearts.click(heart.code)
        widget.controls.click("ask")
    elif decision.kind == Kind.SHOW:
        widget.hand.click(decision.options[0].code)
    else:
        widget.controls.click("pass")


def blackwidow_move(widget: BlackWidowWidget) -> None:
    decision = widget.decision
    assert decision is not None and decision.kind == "play"
    widget.hand.click(next(card["code"] for card in widget.hand.cards if not card["disabled"]))


def test_turns_alternate_and_each_move_shows_on_the_other_screen(room):
    table = room.create_table("fivesons", {"players": 3}, 5, ["student", "student", "bot:random"])
    ann = StudentView(room, table, 0, holder="ann")
    ben = StudentView(room, table, 1, holder="ben")
    assert isinstance(ann.table, FiveSonsWidget) and isinstance(ben.table, FiveSonsWidget)
    assert "practice" not in str(ann.table.controls.buttons) and \
        "hint" not in [b["id"] for b in ann.table.controls.buttons]
    movers = []
    for _ in range(12):
        for view in (ann, ben):
            view.poll()
        if ann.table.game.over:
            break
        mover = ann if ann.table.decision is not None else ben
        other = ben if mover is ann else ann
        assert other.table.decision is None or other.table.decision.kind == Kind.GUESS
        before = len(other.table.log_lines)
        fivesons_move(mover.table)
        movers.append(mover.seat)
        assert len(other.table.log_lines) == before      # not yet: the other screen is stale
        other.poll()
        assert len(other.table.log_lines) > before        # after one look at the store
        assert other.table.log_lines[before].startswith(f"Seat {mover.seat} ")
    assert {0, 1} <= set(movers)
    assert ann.table.game.to_record() == ben.table.game.to_record()


def test_the_end_of_a_game_shows_no_other_seats_cards_at_a_classroom_table(room):
    # The teacher reveals every hand (or not): the end screen does not do it for them.
    table = room.create_table("fivesons", {"players": 3}, 4,
                              ["student", "bot:logician", "bot:logician"])
    view = StudentView(room, table, 0, holder="ann")
    for _ in range(200):
        view.poll()
        if view.table.game.over:
            break
        if view.table.decision is not None:
            fivesons_move(view.table)
    game = view.table.game
    assert game.over and view.table.end.layout.display != "none"
    shown = view.table.end.summary.value
    assert shown
    for seat in (1, 2):
        for card in game.hands[seat]:
            assert card.name() not in shown


def test_a_move_another_screen_made_first_is_refused_and_the_game_goes_on(room):
    table = room.create_table("blackwidow", HOLD, 3, ["student"] * 3)
    views = [StudentView(room, table, seat, holder=f"page-{seat}") for seat in range(3)]
    to_play = views[0].shared.table.game.hand.to_play()
    stale = views[to_play]
    assert isinstance(stale.table, BlackWidowWidget) and stale.table.decision is not None
    card = stale.table.decision.options[0]
    elsewhere = room.shared(table)            # say, the seat's old page before it closed
    elsewhere.act(Play(to_play, card))
    blackwidow_move(stale.table)              # the stale screen still offers its turn
    nxt = (to_play + 1) % 3
    assert stale.table.status.startswith(f"It is seat {nxt}'s turn to play, not seat {to_play}'s")
    assert stale.table.decision is None       # caught up: the card is on the table
    assert stale.shared.seq == 1
    views[nxt].poll()
    blackwidow_move(views[nxt].table)         # the game goes on
    assert views[nxt].shared.seq == 2


def test_a_paused_table_says_so_and_refuses_moves_until_it_goes_on(room):
    table = room.create_table("blackwidow", HOLD, 3, ["student"] * 3)
    views = [StudentView(room, table, seat, holder=f"page-{seat}") for seat in range(3)]
    room.set_paused(table, True)
    for view in views:
        view.poll()
        assert "paused this table" in view.message.value and 'role="status"' in view.message.value
    mover = next(view for view in views if view.table.decision is not None)
    blackwidow_move(mover.table)
    assert "paused" in mover.table.status and mover.shared.seq == 0
    room.set_paused(table, False)
    mover.poll()
    assert mover.message.value == ""
    blackwidow_move(mover.table)
    assert mover.shared.seq == 1


def test_a_seat_handed_to_a_bot_plays_on_and_its_page_says_so(room):
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    ann = StudentView(room, table, 0, holder="ann")
    ben = StudentView(room, table, 1, holder="ben")
    room.hand_to_bot(table, 1, "logician")
    ann.poll()
    assert "Seat 1 (Standard)" in ann.table.seats.value      # the level, not the code
    ben.poll()
    assert not ben.playing and ben.children == (ben.message,)
    assert "handed seat 1 to a bot" in ben.message.value
    for _ in range(6):                         # seat 0 asks; the bots answer and ask on
        fivesons_move(ann.table)
        ann.poll()
        if ann.table.game.over:
            break
    seats = {move.seat for move in ann.shared.table.moves}
    assert {0, 1, 2} <= seats


def test_the_teachers_page_moves_the_bots_once_every_student_has_left(room):
    table = room.create_table("fivesons", {"players": 3}, 3, ["student", "student", "bot:random"])
    teacher = TeacherApp(room, address="http://127.0.0.1:1/voila/render/apps/classroom.ipynb")
    for seat in (0, 1):
        room.hand_to_bot(table, seat, "logician")
    for _ in range(200):
        teacher.refresh()
        if teacher.replays[table].table.game.over:
            break
    assert teacher.replays[table].table.game.over
    assert room.shared(table).table.game.over       # the moves are in the store for everyone


def test_a_seat_open_in_another_browser_is_refused_then_taken_once_free(room):
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    first = StudentView(room, table, 0, holder="tab-1")
    second = StudentView(room, table, 0, holder="tab-2")
    assert first.playing and not second.playing
    assert "open in another browser" in second.message.value and second.children == (
        second.message, second.presence)
    assert f"within {takeover_seconds(room.lease)} seconds" in second.message.value
    fivesons_move(first.table)
    first.release()                            # the first page's kernel stopped
    second.poll()                              # the next look takes the seat
    assert second.playing and second.message.value == ""
    assert second.table.log_lines == first.table.log_lines   # it goes on where it was


def answer(view: StudentView) -> None:
    """The view's page answers the kernel's last ask, as its script does."""
    view.presence.take({"pong": view.presence._asked})


def test_the_lease_is_kept_by_the_page_not_by_a_kernel_whose_page_is_gone(room, monkeypatch):
    """A crashed browser sends no unload: its kernel polls on, but its page no longer
    answers, so a new page of the same link gets the seat once the lease has run out
    after the old page's last answer, as the new page's message says; while the old
    page answers, a second page is refused."""
    monkeypatch.setattr(classroom_student, "HEARTBEAT_SECONDS", 0.0)    # ask at every look
    quick = Room(room.store, lease=0.6)
    table = quick.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    old = StudentView(quick, table, 0, holder="crashed")
    new = StudentView(quick, table, 0, holder="reopened")
    assert old.playing and not new.playing
    assert f"within {takeover_seconds(0.6)} seconds" in new.message.value
    end = time.monotonic() + 3 * quick.lease
    while time.monotonic() < end:             # both pages there: the seat stays put
        for view in (old, new):
            view.poll()
            answer(view)
        time.sleep(0.05)
    assert old.playing and not new.playing
    last_answer = time.monotonic()            # the old page crashes; its kernel goes on
    deadline = last_answer + 60
    while not new.playing and time.monotonic() < deadline:
        old.poll()
        new.poll()
        answer(new)
        time.sleep(0.05)
    assert new.playing and time.monotonic() - last_answer >= quick.lease
    answer(old)                               # a phone back from another app, say
    old.poll()
    assert not old.playing and "has been opened in another browser" in old.message.value


def test_a_replaced_link_says_the_teacher_gave_the_seat_a_new_link(room, monkeypatch):
    """The teacher's New link: the page playing the old link and a page waiting on it
    both lose the seat and say why (not "another browser"), in both languages; the new
    link's page takes the seat at once."""
    monkeypatch.setattr(classroom_student, "HEARTBEAT_SECONDS", 0.0)    # ask at every look
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    old = room.new_seat_token(table, 0)

    def page(token: str, holder: str, lang: str = "en") -> StudentView:
        """A page of `token` in its own kernel (its own room, as the app makes it)."""
        kernel_room = Room(room.store, lease=room.lease)
        access = kernel_room.access(token)
        return StudentView(kernel_room, access.table_id, access.seat, lang, holder=holder)

    playing, waiting = page(old, "ann"), page(old, "ann-phone", "de")
    assert playing.playing and not waiting.playing
    new = room.new_seat_token(table, 0)                 # the teacher presses New link
    for view in (playing, waiting):
        view.poll()
        answer(view)
        view.poll()
    assert not playing.playing and playing.children == (playing.message,)
    assert "The teacher has given seat 0 a new link" in playing.message.value
    assert "ask your teacher for the new link" in playing.message.value
    assert "another browser" not in playing.message.value
    assert "Die Lehrkraft hat Platz 0 einen neuen Link gegeben" in waiting.message.value
    assert page(new, "ann-new").playing


def test_a_kernel_gone_quiet_stops_asking_for_the_seat(room, monkeypatch):
    monkeypatch.setattr(classroom_student, "HEARTBEAT_SECONDS", 0.0)
    # The lease is long enough that both views are made within it on a busy machine.
    quick = Room(room.store, lease=3.0)
    table = quick.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    first = StudentView(quick, table, 0, holder="first")
    waiting = StudentView(quick, table, 0, holder="waiting")    # its page never answers
    assert not waiting.playing
    time.sleep(3.2)
    waiting.poll()
    assert not waiting.playing                # it would hold a seat for a page that is gone
    assert quick.claim(table, 0, "third")
    assert not first.room.heartbeat(table, 0, "first")


STOPPING_KERNEL = """
import asyncio, sys
from cardlab.classroom.room import Room
from cardlab.widgets.classroom_student import StudentView

async def main():
    room = Room.open(sys.argv[1])
    view = StudentView(room, sys.argv[2], 0, holder="old-page")
    print(view.playing, flush=True)

asyncio.run(main())
"""


def test_a_kernel_that_stops_frees_its_seat_for_the_reloaded_page_at_once(room, tmp_path):
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    result = subprocess.run([sys.executable, "-c", STOPPING_KERNEL, room.store.where, table],
                            capture_output=True, text=True, timeout=120)
    assert result.stdout.split() == ["True"], result.stderr
    reloaded = StudentView(room, table, 0, holder="new-page")   # well within the lease
    assert reloaded.playing


def test_a_wrong_or_missing_token_shows_one_clear_message_and_nothing_else(tmp_path, room):
    where = str(tmp_path / "class.sqlite")
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    for query, words in (("token=nope", "not valid for this classroom"),
                         ("", "no access token"), ("token=nope&lang=de", "Link")):
        page = classroom_app(query, store=where)
        _title, content = page.children
        assert words in content.value and 'role="status"' in content.value
        assert not hasattr(content, "children")
    token = room.seat_tokens(table)[1]
    room.hand_to_bot(table, 1, "random")
    assert "no longer works" in classroom_app(f"token={token}", store=where).children[1].value
    seat = classroom_app(f"token={room.seat_tokens(table)[0]}", store=where).children[1]
    assert isinstance(seat, StudentView) and seat.seat == 0
    teacher = classroom_app(f"token={room.new_teacher_token()}&lang=de", store=where).children[1]
    assert isinstance(teacher, TeacherApp) and teacher.create.spec("create").label == \
        "Tisch anlegen"


# -- hidden information -------------------------------------------------------------

def states(widget) -> str:
    """Every synced state of the widget and all its children, model ids replaced by the
    models' own states (ids differ between two pages that show the same)."""
    def walk(value):
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            return walk(_instances[value.removeprefix("IPY_MODEL_")].get_state())
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [walk(item) for item in value]
        return value

    return json.dumps(walk(widget.get_state()), ensure_ascii=False)


def assert_no_hidden_card(view: StudentView) -> None:
    game = view.shared.table.game
    hand = game.hand
    text = states(view)
    hidden = [card for seat, bits in enumerate(hand.holding) if seat != view.seat
              for card in kernel.cards_of(bits)]
    assert hidden
    for card in hidden:
        for lang in ("en", "de"):
            assert card.name(lang) not in text, card
        assert f'"code": "{card.code}"' not in text and f'data-card=\\"{card.code}\\"' \
            not in text, card


def test_a_students_page_holds_no_card_another_seat_holds(room):
    table = room.create_table("blackwidow", HOLD, 8, ["student", "student", "bot:heuristic"])
    ann = StudentView(room, table, 0, holder="ann")
    ben = StudentView(room, table, 1, holder="ben", lang="de")
    assert_no_hidden_card(ann)
    assert_no_hidden_card(ben)
    ann.table.views.click("last")
    while len(ann.shared.table.game.hand.plays) < 20:
        view = ann if ann.table.decision is not None else ben
        blackwidow_move(view.table)
        (ben if view is ann else ann).poll()
        assert_no_hidden_card(ann)
        assert_no_hidden_card(ben)
    assert not any(button["id"] == "teacher" for button in ann.table.views.buttons)


def test_the_hand_over_choices_show_only_while_a_table_is_watched(room):
    """A teacher's page that watches no table yet shows no empty Seat and Bot drop-downs
    (they belong to the watched table's Hand over button, not shown either)."""
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    teacher = TeacherApp(room, address="http://127.0.0.1:1/voila/render/apps/classroom.ipynb")
    assert teacher.chooser.value is None and teacher.actions.specs == ()
    assert teacher.handover.layout.display == "none"
    teacher.chooser.value = table
    assert teacher.handover.layout.display is None and teacher.actions.has("handover")


def test_a_reloaded_teachers_page_goes_on_watching_the_same_table(room):
    first, second = (room.create_table("fivesons", {"players": 3}, seed,
                                       ["student", "student", "bot:random"]) for seed in (2, 3))
    teacher = TeacherApp(room)
    teacher.chooser.value = second
    reloaded = TeacherApp(room)
    assert reloaded.chooser.value == second and reloaded.watched is not None
    assert reloaded.watched.info.id == second and reloaded.actions.has("handover")
    reloaded.chooser.value = None                   # let go: the next page watches none
    assert TeacherApp(room).chooser.value is None
    assert first in {status.id for status in reloaded.statuses}


def test_the_teacher_creates_watches_pauses_hands_over_reveals_and_steps(room):
    teacher = TeacherApp(room, address="http://127.0.0.1:1/voila/render/apps/classroom.ipynb")
    assert "No tables yet" in teacher.overview.value
    teacher.form.game.value = "blackwidow"
    teacher.form.players.value = 3
    teacher.form.rules.value = "[1]"
    teacher.create.click("create")
    assert "must be a JSON object" in teacher.create.status and room.tables() == []
    teacher.form.rules.value = json.dumps({"pass_cycle": ["hold"]})
    teacher.form.seats[2].value = "bot:heuristic"
    teacher.create.click("create")
    assert teacher.create.status == "Table 1 is ready: Black Widow, 3 players."
    table = teacher.chooser.value
    assert teacher.seats.value.count('class="cardlab-classroom-seat"') == 3
    assert teacher.seats.value.count("<svg") >= 6          # every seat's hand and graph
    assert teacher.links.value.count("<li>") == 2          # the two student seats
    assert teacher.links.value.count("QR code of the link for Seat") == 2   # to scan
    assert "Black Widow" in teacher.overview.value and "Whose turn" in teacher.overview.value
    assert teacher.actions.spec("reveal").disabled and teacher.actions.spec("stepper").disabled
    teacher.actions.click("pause")
    assert room.tables()[0].paused and "Paused" in teacher.actions.status
    teacher.actions.click("resume")
    assert (teacher.handover_seat.value, teacher.handover_bot.value) == (0, "heuristic")
    teacher.handover_seat.value = 1
    teacher.actions.click("handover")
    assert room.tables()[0].seats[1] == "bot:heuristic"
    ann = StudentView(room, table, 0, holder="ann")
    while ann.shared.table.game.phase is not Phase.OVER:
        blackwidow_move(ann.table)
        ann.poll()
    teacher.refresh()
    assert "over" in teacher.overview.value
    teacher.actions.click("reveal")
    assert room.tables()[0].revealed
    ann.poll()
    assert "Every seat's cards" in ann.revealed.value
    teacher.actions.click("stepper")
    assert teacher.stepper.children[0].count > 0


# Five Sons: deals seat 0 cannot tell apart give its page the same state, move for move.
HANDS = ["KH JC AH 5H JD", "QC KC 2H 4H 6H", "QD KD 7H 8H JH", "QH JS KS 9H TH"]
TWIN = ["KH JC AH 5H JD", "QC KC 2H 4H 6H", "QD KD 7H 9H JH", "QH JS KS 8H TH"]  # 8H, 9H swapped
OTHER_SOLUTION = ("JS 3H", [hand.replace("JS", "QS") for hand in HANDS])


def twin_room(tmp_path, monkeypatch, name, solution, hands):
    from cardlab.cards import parse_cards
    from cardlab.fivesons.actions import Deal
    from cardlab.fivesons.game import FiveSonsGame
    from cardlab.games import GAMES

    def undealt(rules, seed=None):          # a game whose dealer deals `hands` first
        game = FiveSonsGame.undealt(rules, seed)
        game.draw = lambda: Deal(tuple(parse_cards(solution)),
                                 tuple(tuple(parse_cards(hand)) for hand in hands))
        return game

    monkeypatch.setattr(GAMES["fivesons"], "undealt", undealt)
    room = Room.open(tmp_path / f"{name}.sqlite")
    table = room.create_table("fivesons", {}, 1, ["student"] * 4)
    views = [StudentView(room, table, seat, holder=f"{name}-{seat}") for seat in range(4)]
    monkeypatch.undo()
    return views


def fivesons_script(widget: FiveSonsWidget, step: int) -> None:
    """A decision that reads the same in every twin: questions and shows avoid 8H and 9H."""
    decision = widget.decision
    if decision.kind == Kind.ASK:
        face, heart = next(pair for k, pair in enumerate(decision.options)
                           if k >= step and "8H" not in str(pair) and "9H" not in str(pair))
        widget.faces.click(face.code)
        widget.hearts.click(heart.code)
        widget.controls.click("ask")
    else:
        fivesons_move(widget)


def test_deals_a_student_cannot_tell_apart_give_the_same_page(tmp_path, monkeypatch):
    rooms = [twin_room(tmp_path, monkeypatch, "real", "QS 3H", HANDS),
             twin_room(tmp_path, monkeypatch, "twin", "QS 3H", TWIN),
             twin_room(tmp_path, monkeypatch, "other", *OTHER_SOLUTION)]
    for step in range(10):
        for views in rooms:
            mover = next(view for view in views if view.table.decision is not None)
            fivesons_script(mover.table, step)
            for view in views:
                view.poll()
        pages = [states(views[0]) for views in rooms]
        assert pages[0] == pages[1] == pages[2], step
    assert rooms[0][0].shared.seq == 10
    assert states(rooms[0][2]) != states(rooms[1][2])     # seat 2 does see its 8H or 9H


def test_seat_links_start_with_the_public_address_where_one_is_given(tmp_path, room,
                                                                    monkeypatch):
    """Behind a proxy, or on a JupyterHub, the page's own address is not the one students
    can open: `CARDLAB_CLASSROOM_ADDRESS` gives it; a malformed one is said to the teacher."""
    where = str(tmp_path / "class.sqlite")
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://10.0.0.11:8866/voila/render/apps/"
                                            "classroom.ipynb?token=x")
    monkeypatch.setenv("CARDLAB_CLASSROOM_ADDRESS", "https://hub.school.example/hub/user-redirect")
    token = room.new_teacher_token()
    teacher = classroom_app(f"token={token}", store=where).children[1]
    teacher.form.seats[1].value = "bot:checklist"
    teacher.create.click("create")
    table = room.tables()[0].id
    links = teacher.links.value
    tokens = teacher.room.seat_tokens(table)        # the links this page made
    assert sorted(tokens) == [0, 2, 3]              # every student seat of the four
    for seat_token in tokens.values():
        assert ('href="https://hub.school.example/hub/user-redirect/voila/render/apps/'
                f'classroom.ipynb?token={seat_token}"') in links
    assert "10.0.0.11" not in links
    for wrong in ("hub.school.example", "ftp://hub.school.example", "https://hub/?x=1"):
        monkeypatch.setenv("CARDLAB_CLASSROOM_ADDRESS", wrong)
        page = classroom_app(f"token={token}", store=where).children[1]
        assert "CARDLAB_CLASSROOM_ADDRESS must be the address students open" in page.value
        assert isinstance(classroom_app(f"token={tokens[0]}", store=where)
                          .children[1], StudentView)             # students are not held up


def test_only_an_answer_to_an_ask_counts_as_the_page_being_there():
    presence = PagePresence()
    presence.take({"pong": 1})                  # nothing was asked yet
    presence.ask()
    for forged in (None, "pong", [1], {"ping": 1}, {"pong": 2}, {"pong": 0}, {"pong": -1},
                   {"pong": True}, {"pong": "1"}, {"pong": 1.0}, {"pong": 10 ** 100}):
        presence.take(forged)
    assert presence.answered is None
    presence.ask()
    presence.take({"pong": 1})                  # a late answer to the first ask counts
    assert presence.answered is not None


@pytest.mark.parametrize(("lang", "seat_labels", "handover_labels"), [
    ("en", ["Student", "Bot: Beginner", "Bot: Standard", "Bot: Expert"],
     ["Beginner", "Standard", "Expert"]),
    ("de", ["Schüler:in", "Bot: Anfänger", "Bot: Standard", "Bot: Experte"],
     ["Anfänger", "Standard", "Experte"])])
def test_the_teachers_bot_menus_offer_the_apps_levels_in_the_pages_language(
        room, lang, seat_labels, handover_labels):
    """The seat and Hand over menus name the levels as the play apps do, never a bot's code;
    a level picked is stored as that level's bot."""
    from cardlab.games import game as game_entry

    teacher = TeacherApp(room, lang)
    for game in ("fivesons", "blackwidow"):
        entry = game_entry(game)
        teacher.form.game.value = game
        for seat in teacher.form.seats:
            assert [label for label, _ in seat.options] == seat_labels
            assert [value for _, value in seat.options] == \
                ["student", *(f"bot:{entry.levels[level]}" for level in entry.levels)]
    teacher.form.seats[1].value = "bot:" + entry.levels["expert"]
    teacher.create.click("create")
    assert room.tables()[0].seats[1] == "bot:" + entry.levels["expert"]
    assert [label for label, _ in teacher.handover_bot.options] == handover_labels
    assert teacher.handover_bot.value == entry.levels["standard"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tables_caption_does_not_repeat_the_heading_above_it(room, lang):
    """A screen reader reads the heading and then the table's name: not the same word twice."""
    import re

    from cardlab.i18n import message

    room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    teacher = TeacherApp(room, lang)
    caption = re.search("<caption>(.*?)</caption>", teacher.overview.value)
    assert caption is not None and caption.group(1).strip()
    assert caption.group(1) != message("classroom.teacher.tables", lang)


@pytest.mark.parametrize(("lang", "me", "seat"), [("en", "(me)", "Seat 1"),
                                                  ("de", "(ich)", "Platz 1")])
def test_the_teachers_seat_graphs_name_each_seat_not_me(room, lang, me, seat):
    """The teacher is no seat: each watched seat's graph names that seat as a seat."""
    for game in ("fivesons", "blackwidow"):
        table = room.create_table(game, {"players": 3}, 2, ["student", "student", "bot:random"])
        teacher = TeacherApp(room, lang)
        teacher.chooser.value = table
        columns = teacher.seats.value.split('class="cardlab-classroom-seat"')[1:]
        assert len(columns) == 3 and me not in teacher.seats.value
        assert seat in columns[1]
