"""The classroom app: the teacher's link opens the teacher's app, a seat's link that seat,
a student's lesson link that student's lessons.

`cardlab classroom` tells the app where the room's store is through the
environment variable ``CARDLAB_CLASSROOM_STORE`` (a SQLite path or a
``postgresql://`` URL). The page's address carries ``token`` (the teacher's
or a seat's) and optionally ``lang``. A missing store, a wrong or old token
shows one clear message and nothing else. The app never makes a store:
`cardlab classroom` made or checked it before serving, so a store that is
not there now has gone, and the page says so.

>>> read_query("token=abc&lang=de")
ClassroomQuery(token='abc', lang='de')
>>> page = classroom_app("token=abc", store="")
>>> "cardlab classroom" in page.children[1].value
True
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import ipywidgets as widgets

from cardlab.apps import MAX_QUERY, query_string
from cardlab.classroom.room import ADDRESS_VARIABLE, APP_PATH, STORE_VARIABLE, Room
from cardlab.classroom.store import store_gone
from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES, message
from cardlab.widgets.classroom_lessons import StudentLessons
from cardlab.widgets.classroom_student import StudentView
from cardlab.widgets.classroom_teacher import TeacherApp
from cardlab.widgets.controls import FOCUS_CLASS
from cardlab.widgets.guard import guard

#: The app's path on the server, for seat links when the page's own address is unknown.
APP_ADDRESS = f"/voila/render/{APP_PATH}"


@dataclass(frozen=True)
class ClassroomQuery:
    """The token and language an address asks for (an unknown language: English)."""

    token: str
    lang: str


def read_query(query: str | None = None) -> ClassroomQuery:
    """`token` and `lang` from a query string (default: this page's).

    >>> read_query("lang=xx")
    ClassroomQuery(token='', lang='en')
    """
    raw = {key: values[-1] for key, values in parse_qs(
        (query_string() if query is None else query)[:MAX_QUERY]).items()}
    lang = raw.get("lang", "en")
    return ClassroomQuery(raw.get("token", ""), lang if lang in LANGUAGES else "en")


def page_address() -> str:
    """The address seat links start with: the public one if `ADDRESS_VARIABLE` gives it,
    else this page's own without its query (Voilà tells the kernel), else the app's path.

    >>> os.environ["VOILA_REQUEST_URL"] = "http://10.0.0.5:8866/voila/render/apps/x.ipynb?a=1"
    >>> page_address()
    'http://10.0.0.5:8866/voila/render/apps/x.ipynb'
    >>> os.environ[ADDRESS_VARIABLE] = "https://hub.school.example/hub/user-redirect/"
    >>> page_address()
    'https://hub.school.example/hub/user-redirect/voila/render/apps/classroom.ipynb'
    >>> del os.environ["VOILA_REQUEST_URL"], os.environ[ADDRESS_VARIABLE]; page_address()
    '/voila/render/apps/classroom.ipynb'
    """
    public = os.environ.get(ADDRESS_VARIABLE, "")
    if public:
        parts = urlsplit(public)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or \
                parts.fragment:
            raise CardlabError("classroom.view.bad_address", variable=ADDRESS_VARIABLE,
                               value=public[:200])
        return f"{public.rstrip('/')}/voila/render/{APP_PATH}"
    parts = urlsplit(os.environ.get("VOILA_REQUEST_URL", ""))
    if not (parts.scheme and parts.netloc):
        return APP_ADDRESS
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def classroom_app(query: str | None = None, store: str | None = None) -> widgets.VBox:
    """The page for this address: a title, then the teacher's app, a seat, or why neither."""
    asked = read_query(query)
    lang = asked.lang
    where = os.environ.get(STORE_VARIABLE, "") if store is None else store
    title = widgets.HTML(f"<h1>{html.escape(message('classroom.view.title', lang))}</h1>")
    content: widgets.Widget
    try:
        if not where:
            raise CardlabError("classroom.view.no_store", variable=STORE_VARIABLE)
        room = _open_room(where)
        access = room.access(asked.token)
        if access.teacher:
            content = TeacherApp(room, lang, page_address())
        elif access.student is not None:
            content = StudentLessons(access.student, asked.token, lang, page_address())
        else:
            assert access.table_id is not None and access.seat is not None
            content = StudentView(room, access.table_id, access.seat, lang)
    except CardlabError as err:
        content = widgets.HTML(f'<p class="cardlab-problem" role="status">'
                               f"{html.escape(err.text(lang))}</p>")
    page = widgets.VBox([title, content])
    page.add_class(FOCUS_CLASS)
    return guard(page)


#: Why a store that `cardlab classroom` opened cannot be opened now: it has gone.
_GONE = ("classroom.no_store", "classroom.empty_store", "classroom.not_a_store")


def _open_room(where: str) -> Room:
    """The room of the store that `cardlab classroom` opened: never made anew here."""
    try:
        return Room.open(where, create=False)
    except CardlabError as err:
        if err.key in _GONE:
            raise store_gone(str(err.params["path"])) from None
        raise
