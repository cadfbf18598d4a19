"""Voilà, wired for a classroom laptop: cardlab's gallery at ``/``, a Host check,
a cap on kernels, idle kernels culled, and a clean stop on SIGTERM, SIGHUP and Ctrl+C.

It runs Voilà in this process (not as a child), so stopping this process
stops Voilà, and Voilà's own shutdown stops every kernel it started.
"""

from __future__ import annotations

import asyncio
import errno
import shutil
import signal
import socket
import tempfile
import threading
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.ioloop
import tornado.web
from jupyter_core.utils import run_sync
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from tornado.netutil import bind_sockets
from traitlets import Integer, List, Unicode
from traitlets.config import Config
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from cardlab.errors import CardlabError
from cardlab.gallery import HOST
from cardlab.i18n import LANGUAGES, message
from cardlab.serve.entries import gallery_entries
from cardlab.serve.hosts import LOOPBACK_NAMES, allowed_hosts, host_allowed
from cardlab.serve.pages import busy_html, gallery_html

TEMPLATE_DIR = Path(__file__).resolve().parent / "template"
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
MAX_KERNELS = 20
IDLE_MINUTES = 10
#: How many ports after a taken one are tried before the system is asked for any free port.
NEXT_PORTS = 10


@dataclass(frozen=True)
class Site:
    """What cardlab's own handlers need to know, kept in the Tornado settings."""

    root: Path
    lang: str
    max_kernels: int
    idle_minutes: int
    hosts: frozenset[str]


def voila_config(root: Path, port: int, open_browser: bool, address: str = HOST) -> Config:
    """Voilà and Jupyter Server settings: the notebooks, quiet kernels, culling.

    `address` is where the server listens (besides 127.0.0.1, which it always serves).

    >>> voila_config(Path("nb"), 8866, False).MappingKernelManager.cull_idle_timeout
    600
    """
    config = Config()
    config.Voila.root_dir = str(root)
    config.Voila.ip = address
    config.Voila.port = port
    config.Voila.open_browser = open_browser
    # Kernels talk to the server over Unix sockets in Voilà's private folder,
    # not over local TCP ports that every user of the machine could reach.
    config.KernelManager.transport = "ipc"
    # A closed tab tells Voilà to stop its kernel; kernels whose page never
    # connected, or whose goodbye got lost, are stopped once idle this long.
    config.MappingKernelManager.cull_idle_timeout = IDLE_MINUTES * 60
    config.MappingKernelManager.cull_interval = 60
    # Our template (no CDN) must not be swapped for another by ?template=.
    config.VoilaConfiguration.allow_template_override = "NO"
    return config


class CardlabVoila(Voila):
    """Voilà serving the gallery notebooks behind cardlab's own pages and checks."""

    port: int  # Voilà's traitlet, typed for mypy (Voilà has no type hints)
    lang = Unicode("en", help="language of the gallery page and the printed lines").tag(
        config=True)
    max_kernels = Integer(MAX_KERNELS, help="apps that may run at once").tag(config=True)
    extra_host_names = List(Unicode(), help=(
        "names or addresses besides 127.0.0.1 and localhost that the server answers "
        "(serving a class over the LAN)")).tag(config=True)

    def setup_template_dirs(self) -> None:
        super().setup_template_dirs()
        self.template_paths.insert(0, str(TEMPLATE_DIR))

    def init_settings(self) -> dict[str, Any]:
        settings = super().init_settings()
        self.contents_manager = settings["contents_manager"] = GalleryContents(parent=self)
        return settings

    def init_handlers(self) -> list[Any]:
        render = (r"/voila/render/(.*)", AppHandler, {
            "template_paths": self.template_paths, "config": self.config,
            "voila_configuration": self.voila_configuration})
        return [(r"/", GalleryHandler), render, *super().init_handlers()]

    def start(self) -> None:
        """Voilà's start, with an application that checks the Host header first."""
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = HostCheckedApplication(**settings)
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        self.listen()

    def listen(self) -> None:
        """Serve on the port asked for (or the next free one) until a stop signal."""
        addresses = (self.ip,) if self.ip == HOST else (self.ip, HOST)
        sockets, port = bind_first_free(addresses, self.port)
        self.port = port
        self.app.settings["cardlab"] = Site(
            Path(self.root_dir), self.lang, self.max_kernels, IDLE_MINUTES,
            allowed_hosts(port, self.extra_host_names))
        server = tornado.httpserver.HTTPServer(self.app)
        server.add_sockets(sockets)
        url = self.announce(f"http://{self.ip}:{port}/")
        print(message("cli.stop_hint", self.lang), flush=True)
        if self.open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        self.ioloop = tornado.ioloop.IOLoop.current()
        loop = asyncio.get_event_loop()
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self.ioloop.stop)
        try:
            self.ioloop.start()
        finally:
            for number in STOP_SIGNALS:
                loop.remove_signal_handler(number)
            server.stop()
            self.stop()

    def announce(self, base: str) -> str:
        """Say where the server answers (`base`, once bound); returns the page to open."""
        print(message("cli.serving", self.lang, url=base), flush=True)
        return base

    def stop(self) -> None:
        """Stop every kernel, then remove their connection files (Voilà does it the other way)."""
        run_sync(self.kernel_manager.shutdown_all)()
        shutil.rmtree(self.connection_dir, ignore_errors=True)


def bind_first_free(hosts: tuple[str, ...], port: int) -> tuple[list[socket.socket], int]:
    """Listening sockets on `port` of every address in `hosts`, or on the next port free
    on all of them, or on any such port.

    Binding here (not inside Tornado) tells us the port really served on.
    """
    candidates = [*range(port, min(port + NEXT_PORTS, 65535) + 1), 0]
    for candidate in candidates:
        sockets: list[socket.socket] = []
        try:
            for host in hosts:
                sockets += bind_sockets(candidate or _port_of(sockets), host)
        except OSError as err:
            for bound in sockets:
                bound.close()
            if err.errno in (errno.EADDRINUSE, errno.EACCES) and candidate:
                continue
            raise CardlabError("serve.no_port", host=host, why=err.strerror or err) from None
        return sockets, _port_of(sockets)
    raise AssertionError("port 0 either binds or raises")  # pragma: no cover


def _port_of(sockets: list[socket.socket]) -> int:
    """The port the first of `sockets` listens on (0 while there is none)."""
    return int(sockets[0].getsockname()[1]) if sockets else 0


class HostCheckedApplication(tornado.web.Application):
    """Refuses, with 403, every request whose Host header is not ours (DNS rebinding)."""

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        site: Site | None = self.settings.get("cardlab")
        if site is None or not host_allowed(request.host, site.hosts):
            return self.get_handler_delegate(request, WrongHostHandler)
        return super().find_handler(request, **kwargs)


class WrongHostHandler(tornado.web.RequestHandler):
    """The answer to a request for somebody else's host name."""

    def prepare(self) -> None:
        site: Site | None = self.settings.get("cardlab")
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        lang = site.lang if site else "en"
        lan = _lan_address(site) if site else ""
        self.finish((message("classroom.cli.wrong_host", lang, address=lan) if lan else
                     message("serve.wrong_host", lang)) + "\n")


class GalleryHandler(tornado.web.RequestHandler):
    """``/``: every lesson and app, read from the notebooks on each visit."""

    def get(self) -> None:
        site: Site = self.settings["cardlab"]
        lang, notice = _language(self, site)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        # The page is self-contained: inline style and SVG, nothing else to load.
        self.set_header("Content-Security-Policy",
                        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
        self.finish(gallery_html(gallery_entries(site.root), lang, default_lang=site.lang,
                                 notice=notice, lan=_lan_address(site)))


class AppHandler(TornadoVoilaHandler):
    """Voilà's page for one notebook, unless `max_kernels` apps are already running."""

    async def get(self, path: str | None = None) -> None:
        site: Site = self.settings["cardlab"]
        if len(self.kernel_manager.list_kernel_ids()) >= site.max_kernels:
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(busy_html(site.max_kernels, site.idle_minutes, _language(self, site)[0]))
            return
        # Voilà's page posts the _xsrf cookie back when its tab closes, so that
        # its kernel stops at once; without the cookie that request gets a 403.
        _ = self.xsrf_token
        await super().get(path)


class GalleryContents(LargeFileManager):
    """The notebooks cardlab ships: trusted, so Voilà does not warn on every page."""

    def mark_trusted_cells(self, nb: Any, path: str = "") -> None:
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.metadata["trusted"] = True


def _lan_address(site: Site) -> str:
    """The local network address the server answers besides localhost ('' if none)."""
    extra = sorted({host.rsplit(":", 1)[0] for host in site.hosts} - set(LOOPBACK_NAMES))
    return extra[0] if extra else ""


def _language(handler: tornado.web.RequestHandler, site: Site) -> tuple[str, str]:
    """The page language from ``?lang=``, and a notice when that was not a language."""
    asked = handler.get_argument("lang", site.lang)
    if asked in LANGUAGES:
        return asked, ""
    return site.lang, message("serve.bad_lang", site.lang, value=repr(asked[:20]))


def run(port: int, open_browser: bool, lang: str, root: Path,
        max_kernels: int = MAX_KERNELS, app_class: type[CardlabVoila] = CardlabVoila,
        address: str = HOST) -> int:
    """Serve the notebooks under `root` until a stop signal; 0 once stopped cleanly.

    `address`: where to listen besides 127.0.0.1 (a LAN address: its requests are
    answered too). `app_class` may add to what the server says once it listens.
    """
    extra = [] if address == HOST else [address]
    app = app_class(config=voila_config(root, port, open_browser, address), lang=lang,
                    max_kernels=max_kernels, extra_host_names=extra)
    app.initialize([])
    app.start()
    return 0
