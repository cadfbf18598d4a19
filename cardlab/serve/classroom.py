"""`cardlab classroom`: the gallery served with a room, and the teacher's link printed.

The server's app kernels find the room's store in `STORE_VARIABLE`, set here. By default the
room answers on 127.0.0.1 only; with a LAN address it listens there too (and
answers requests for that address or localhost, nothing else), and writes a
QR code of the teacher's link for the teacher's own phone or tablet.

Before the class arrives, the server warms one kernel of the classroom app per
student seat of the room's tables, and one for the teacher, so that a page
opened from a seat link finds its kernel ready (as memory allows: see
`warm_kernels`). A seat whose page is open needs no warm kernel: the pool
shrinks as the class arrives, and grows again as pages close.

Importing this module loads Voilà and Jupyter Server: only when serving.
"""

from __future__ import annotations

import contextlib
import io
import ipaddress
import os
import socket
import time
from pathlib import Path

import segno

from cardlab.classroom.room import APP_PATH, STORE_VARIABLE, Room, room_link
from cardlab.classroom.store import STUDENT, TERMINAL_LANG_VARIABLE, is_url
from cardlab.errors import CardlabError
from cardlab.i18n import message
from cardlab.serve.kernels import KERNEL_MB, available_memory_mb, usable_mb
from cardlab.serve.server import CardlabVoila, run
from cardlab.site import HOST

#: The QR code's file name (beside a SQLite store, else in the current folder).
QR_NAME = "teacher-link.svg"
#: An address in a private range, used only to ask the system which interface it
#: would route through: connecting a UDP socket sends nothing.
_ROUTE_PROBE = ("10.255.255.255", 1)


def lan_address(asked: str) -> str:
    """The IPv4 address to serve the class on: `asked` ("auto": this machine's address
    on its network), refused if it is not an IPv4 address of a network.

    >>> lan_address("192.168.1.20")
    '192.168.1.20'
    >>> lan_address("localhost")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: --lan: 'localhost' is not an IPv4 address such as 192.168.1.20
    """
    if asked == "auto":
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(_ROUTE_PROBE)
                asked = probe.getsockname()[0]
        except OSError:
            raise CardlabError("classroom.cli.no_lan") from None
        if ipaddress.ip_address(asked).is_loopback:
            raise CardlabError("classroom.cli.no_lan")
        return asked
    try:
        address = ipaddress.IPv4Address(asked)
    except ValueError:
        raise CardlabError("classroom.cli.bad_lan", value=asked) from None
    if address.is_unspecified or address.is_multicast:
        raise CardlabError("classroom.cli.bad_lan", value=asked)
    return str(address)


def qr_path(where: str) -> Path:
    """Where the QR code of the teacher's link goes: beside a SQLite store, or in the
    current folder for a PostgreSQL one.

    >>> qr_path("/school/class7.sqlite").as_posix()
    '/school/class7-teacher-link.svg'
    """
    if is_url(where):
        return Path.cwd() / f"classroom-{QR_NAME}"
    path = Path(where)
    return path.with_name(f"{path.stem}-{QR_NAME}")


def write_qr(link: str, path: Path, lang: str) -> None:
    """An SVG QR code of `link` at `path`, readable by its owner only (it opens the room)."""
    picture = io.BytesIO()
    segno.make(link, error="m").save(picture, kind="svg", scale=8, border=4,
                                     title=message("classroom.cli.qr_title", lang))
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(picture.getvalue())
    except OSError as err:
        raise CardlabError("classroom.cli.no_qr", path=str(path),
                           why=err.strerror or err) from None


#: How often the seats are counted again (the teacher may add tables), in seconds.
COUNT_SECONDS = 10.0


def warm_kernels(seats: int, open_pages: int, room_for: int) -> int:
    """Classroom kernels to keep preheated: one for each student seat and the
    teacher's that has no page open (a page that is open already has its kernel),
    as far as `room_for` more kernels fit in memory; at least one.

    >>> warm_kernels(30, 0, 100), warm_kernels(30, 25, 100), warm_kernels(30, 0, 12)
    (31, 6, 12)
    >>> warm_kernels(30, 31, 100), warm_kernels(0, 0, 0)
    (1, 1)
    """
    return max(1, min(seats + 1 - open_pages, room_for))


class ClassroomVoila(CardlabVoila):
    """The gallery server that also prints the teacher's link (and writes its QR code),
    and keeps a kernel warm for every seat."""

    _counted = 0.0
    _seats = 0
    _budget = 0
    _room: Room | None = None

    def announce(self, base: str) -> str:
        super().announce(base)
        where = os.environ[STORE_VARIABLE]
        # Only its hash is kept, so each start makes a new one; the last printed works.
        link = room_link(base, Room.open(where, create=False).new_teacher_token())
        print(message("classroom.cli.teacher_link", self.lang, url=link), flush=True)
        if self.extra_host_names:
            path = qr_path(where)
            write_qr(link, path, self.lang)
            print(message("classroom.cli.qr_written", self.lang, path=str(path)), flush=True)
        return link

    def pool_sizes(self, opening: str = "") -> dict[str, int]:
        """The apps' pools, the classroom's sized by `warm_kernels`."""
        if not self._budget:  # the kernels that fit in memory, counted once at the start
            self._budget = int(usable_mb(available_memory_mb()) // KERNEL_MB)
        now = time.monotonic()
        if now - self._counted >= COUNT_SECONDS:
            self._counted = now
            with contextlib.suppress(CardlabError, OSError):  # the teacher's page says why
                if self._room is None:
                    self._room = Room.open(os.environ[STORE_VARIABLE], create=False)
                self._seats = student_seats(self._room)
        others = sum(size for notebook, size in self.pools.items() if notebook != APP_PATH)
        room_for = self._budget - len(self.pages) - others
        return {**self.pools,
                APP_PATH: warm_kernels(self._seats,
                                       self.pages.showing(APP_PATH) + (opening == APP_PATH),
                                       room_for)}


def student_seats(room: Room) -> int:
    """Seats held by students (not bots) at the tables of `room`."""
    return sum(seat == STUDENT for info in room.store.tables() for seat in info.seats)


def serve_room(where: str, port: int, open_browser: bool, lang: str, root: Path,
               max_kernels: int | None, lan: str | None) -> int:
    """Serve the gallery and the room of the store at `where` until a stop signal.

    `lan`: None to stay on 127.0.0.1, else a LAN address (or "auto") to serve the
    class on too. The store is opened (made, or checked to be a store) first.
    """
    address = HOST if lan is None else lan_address(lan)
    Room.open(where).store.close()
    if not is_url(where):
        where = str(Path(where).absolute())
    os.environ[STORE_VARIABLE] = where
    os.environ[TERMINAL_LANG_VARIABLE] = lang
    return run(port, open_browser, lang, root, max_kernels, app_class=ClassroomVoila,
               address=address)
