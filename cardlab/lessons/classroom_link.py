"""A lesson opened with a student's classroom link sends every answer to the teacher.

`cardlab classroom` serves the lessons with the room's store in
``CARDLAB_CLASSROOM_STORE``, and a student's lesson link carries their token
in the page's address (``02_cards_and_counting.ipynb?token=...``), which
Voilà hands the lesson's kernel (``QUERY_STRING``). Only where both are there
does a lesson report: each exercise box calls `report` when an answer is
checked or shown, and the box's lesson (from the page's address), name and
place in the lesson, situation seed, wrong tries, tier and whether it is
solved are written to the store as the token's student. Anywhere else (Jupyter, nbval,
an exported page, `cardlab serve`, Voilà without a token) nothing is opened
and nothing is written.

The token is checked in the kernel, against the store, when the lesson's
first exercise is shown, and again with every answer written: a wrong token,
a seat's or the teacher's token, or a link the teacher has replaced since,
writes nothing, and the page says why above its first exercise (`notice`).
An answer that cannot be written (the store unreachable) is kept and sent
again with the next one. A tournament of the learner's own bot (lesson 11)
reports its results the same way when it ends (`report_bot_run`): numbers,
never the learner's code.

>>> link_state({})                      # offline: no store, no token
>>> lesson_number("/voila/render/de/02_cards_and_counting.ipynb"), lesson_number("/x.ipynb")
(2, None)
"""

from __future__ import annotations

import html
import os
import sqlite3
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import ipywidgets as widgets
from IPython.display import display

from cardlab.apps import MAX_QUERY, query_string
from cardlab.classroom.bot_runs import BotLine, BotRun
from cardlab.classroom.lesson_log import Attempt
from cardlab.classroom.room import STORE_VARIABLE, AccessRefused, Room
from cardlab.classroom.store import token_hash
from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES, message
from cardlab.serve.page_request import REQUEST_URL

#: The class of the line above a lesson's first exercise that says whether answers are sent.
NOTICE_CLASS = "cardlab-classroom-notice"
#: The line's look: a bar at its left, blue while answers are sent, dark orange if not.
_BAR = "border-left: 4px solid {colour}; padding: 4px 12px; margin: 4px 0"


def lesson_number(path: str) -> int | None:
    """The number of the lesson notebook at the end of `path` (``NN_name.ipynb``), or None."""
    name = path.rstrip("/").rpartition("/")[2]
    number, underscore, rest = name.partition("_")
    if number.isdigit() and underscore and rest.endswith(".ipynb"):
        return int(number)
    return None


@dataclass
class LinkState:
    """A lesson page opened with a token: whose answers it sends, or why it sends none."""

    lang: str
    lesson: int
    room: Room | None = None
    #: The SHA-256 of the student's token, while it may send answers.
    link: str | None = None
    student: str = ""
    #: Why nothing is sent (a message for the student), if so.
    refused: str = ""
    #: Answers and tournaments not written yet (the store was unreachable): (id, row).
    pending: list[tuple[str, Attempt | BotRun]] = field(default_factory=list)
    notice: widgets.HTML = field(default_factory=widgets.HTML)
    shown: bool = False
    #: Per exercise (by its place), what was reported last: (seed, tries, tier, solved).
    last: dict[int, tuple[int | None, int, int, bool]] = field(default_factory=dict)


def link_state(environ: Mapping[str, str] = os.environ, query: str | None = None
               ) -> LinkState | None:
    """What the page of this kernel is: None offline (no store or no token: nothing is
    opened), else whose answers it sends or why it sends none."""
    where = environ.get(STORE_VARIABLE, "")
    if not where:
        return None
    asked = {key: values[-1] for key, values in parse_qs(
        (query_string() if query is None else query)[:MAX_QUERY]).items()}
    token = asked.get("token", "")
    path = urlsplit(environ.get(REQUEST_URL, "")).path or environ.get("SCRIPT_NAME", "")
    lesson = lesson_number(path)
    if not token or lesson is None:
        return None
    lang = asked.get("lang", "de" if "/de/" in path else "en")
    state = LinkState(lang if lang in LANGUAGES else "en", lesson)
    try:
        room = Room.open(where, create=False)
        access = room.access(token)
        if access.student is None:      # a seat's or the teacher's link opens no lessons
            raise AccessRefused("classroom.bad_token")
    except CardlabError as err:
        state.refused = err.text(state.lang)
    else:
        state.room, state.link, state.student = room, token_hash(token), access.student
    _say(state)
    return state


def _say(state: LinkState, problem: str = "") -> None:
    if state.refused:
        text, css = message("classroom.lessons.not_recorded", state.lang,
                            why=state.refused), "cardlab-problem"
    else:
        text, css = message("classroom.lessons.recording", state.lang,
                            name=state.student), NOTICE_CLASS
    bar = _BAR.format(colour="#a84300" if state.refused or problem else "#0b5a8c")
    state.notice.value = (f'<p class="{css}" role="status" style="{bar}">{html.escape(text)}'
                          + (f" {html.escape(problem)}" if problem else "") + "</p>")


#: This kernel's page, once looked at (each lesson page has its own kernel).
_STATE: list[LinkState | None] = []


def current() -> LinkState | None:
    """This kernel's page (looked at once, when first asked)."""
    if not _STATE:
        _STATE.append(link_state())
    return _STATE[0]


def show_notice() -> None:
    """Above the lesson's first exercise: whose answers go to the teacher, or why none do
    (nothing offline)."""
    state = current()
    if state is not None and not state.shown:
        state.shown = True
        display(state.notice)


def report(exercise: str, place: int, seed: int | None, tries: int, tier: int,
           solved: bool) -> None:
    """An answer to the exercise named `exercise`, number `place` of this lesson, was checked
    or shown: write it for the teacher (offline, or with a refused link: nothing). An
    answer that changes nothing (the same one checked again: by Enter and then the Check
    button) is not written again."""
    state = current()
    if state is None or state.link is None or state.room is None or \
            state.last.get(place) == (seed, tries, tier, solved):
        return
    state.last[place] = (seed, tries, tier, solved)
    state.pending.append((uuid.uuid4().hex, Attempt(state.lesson, exercise, seed, tries, tier,
                                                    solved, place)))
    send(state)


def report_bot_run(seed: int | None, own: BotLine, others: Sequence[BotLine]) -> None:
    """A tournament of the learner's own bot ended: write its results for the teacher
    (`own`: the learner's bot, its name left out; `others`: each opponent). Offline, or
    with a refused link: nothing."""
    state = current()
    if state is None or state.link is None or state.room is None:
        return
    state.pending.append((uuid.uuid4().hex, BotRun(state.lesson, seed, own, tuple(others))))
    send(state)


def send(state: LinkState) -> None:
    """Write the answers and tournaments waiting, oldest first; stop at a store that cannot
    be reached (they wait for the next one), or at a link replaced since (they are dropped)."""
    assert state.room is not None and state.link is not None
    while state.pending:
        row_id, row = state.pending[0]
        try:
            if isinstance(row, Attempt):
                written = state.room.lessons.record(state.link, row, row_id)
            else:
                written = state.room.bot_runs.record(state.link, row, row_id)
        except (CardlabError, sqlite3.Error) as err:
            why = err.text(state.lang) if isinstance(err, CardlabError) else str(err)
            _say(state, message("classroom.lessons.not_sent", state.lang, why=why))
            return
        if not written:
            state.pending.clear()
            state.link = None
            state.refused = message("classroom.replaced_token", state.lang)
            _say(state)
            return
        state.pending.pop(0)
    _say(state)
