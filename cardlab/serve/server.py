"""Voilà, wired for a classroom laptop: cardlab's gallery at ``/``, a Host check,
preheated kernels, a cap on open apps, kernels of gone pages stopped
(`cardlab.serve.kernels`), and a clean stop on SIGTERM, SIGHUP and Ctrl+C.

It runs Voilà in this process (not as a child), so stopping this process
stops Voilà, and Voilà's own shutdown stops every kernel it started. Kernel
connection files and sockets live in a folder of this server's own
(`cardlab.serve.runtime`), which the next server cleans up after a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import signal
import socket
import threading
import time
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import tornado.httpserver
import tornado.ioloop
import tornado.web
from jupyter_core.utils import ensure_async, run_sync
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from tornado.httputil import split_host_and_port
from tornado.netutil import bind_sockets
from traitlets import Dict, Integer, List, Unicode
from traitlets.config import Config
from voila._version import __version__ as voila_version
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES, message
from cardlab.serve.entries import APP, gallery_entries
from cardlab.serve.hosts import LOOPBACK_NAMES, allowed_hosts, host_allowed
from cardlab.serve.kernels import APP_POOL, GRACE_SECONDS, PageKernels, default_max_apps
from cardlab.serve.pages import busy_html, gallery_html
from cardlab.serve.runtime import RuntimeFolder
from cardlab.serve.template_cache import share_compiled_templates
from cardlab.site import HOST

TEMPLATE_DIR = Path(__file__).resolve().parent / "template"
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
#: Kernels idle this long with no page connected are stopped in any case (Voilà's culler).
IDLE_MINUTES = 10
#: Seconds a cell's outputs may arrive after its reply (see `voila_config`).
IOPUB_SECONDS = 120
#: How often the server looks for kernels whose page has gone, in seconds.
WATCH_SECONDS = 2.0
#: Seconds after a preheated kernel was handed over before the pool starts another
#: (so that a burst of pages is served before the pool refills).
FILL_DELAY = 5.0
#: A Voilà kernel id, as in its URLs.
KERNEL_ID = r"(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"
#: How many ports after a taken one are tried before the system is asked for any free port.
NEXT_PORTS = 10


@dataclass(frozen=True)
class Site:
    """What cardlab's own handlers need to know, kept in the Tornado settings."""

    root: Path
    lang: str
    max_kernels: int
    hosts: frozenset[str]
    pages: PageKernels
    #: Sets the pools' sizes for when a page of the given notebook has opened.
    size_pools: Callable[[str], object]


def voila_config(root: Path, port: int, open_browser: bool, address: str = HOST,
                 pools: dict[str, int] | None = None) -> Config:
    """Voilà and Jupyter Server settings: the notebooks, quiet kernels, culling, and
    `pools`: preheated kernels kept ready per notebook (default: `app_pools`).

    `address` is where the server listens (besides 127.0.0.1, which it always serves).

    >>> config = voila_config(Path("nb"), 8866, False, pools={"apps/a.ipynb": 1})
    >>> config.MappingKernelManager.cull_idle_timeout
    600
    >>> config.VoilaKernelManager.kernel_pools_config["apps/a.ipynb"]
    {'pool_size': 1}
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
    # A cell's outputs are collected until its kernel says it is idle, for at most
    # this long after its reply: under a burst, 4 s (nbclient's default) lost the
    # whole page of a preheated kernel, silently.
    config.VoilaExecutor.iopub_timeout = IOPUB_SECONDS
    # Our template (no CDN) must not be swapped for another by ?template=.
    config.VoilaConfiguration.allow_template_override = "NO"
    # Preheated kernels: each app's pool has imported the app and waits, in
    # `cardlab.apps.query_string`, for the page it is handed to.
    config.VoilaConfiguration.preheat_kernel = True
    config.VoilaConfiguration.default_pool_size = 0
    config.VoilaKernelManager.fill_delay = FILL_DELAY
    config.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": 0},
        **{notebook: {"pool_size": size}
           for notebook, size in (app_pools(root) if pools is None else pools).items()}}
    return config


def app_pools(root: Path, size: int = APP_POOL) -> dict[str, int]:
    """`size` preheated kernels for each app notebook under `root` (lessons get none:
    they are read more than run, and each would hold a kernel).

    >>> from cardlab.gallery import notebooks_dir
    >>> app_pools(notebooks_dir())["apps/stepper.ipynb"]
    1
    """
    return {entry.path: size for entry in gallery_entries(root) if entry.kind == APP}


class CardlabVoila(Voila):
    """Voilà serving the gallery notebooks behind cardlab's own pages and checks."""

    port: int  # Voilà's traitlet, typed for mypy (Voilà has no type hints)
    lang = Unicode("en", help="language of the gallery page and the printed lines").tag(
        config=True)
    max_kernels = Integer(help="app pages that may be open at once").tag(config=True)
    pools = Dict(help="preheated kernels per notebook").tag(config=True)
    extra_host_names = List(Unicode(), help=(
        "names or addresses besides 127.0.0.1 and localhost that the server answers "
        "(serving a class over the LAN)")).tag(config=True)

    def setup_template_dirs(self) -> None:
        super().setup_template_dirs()
        self.template_paths.insert(0, str(TEMPLATE_DIR))

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        self.contents_manager = settings["contents_manager"] = GalleryContents(parent=self)
        return settings

    def init_handlers(self) -> list[Any]:
        render = (r"/voila/render/(.*)", AppHandler, {
            "template_paths": self.template_paths, "config": self.config,
            "voila_configuration": self.voila_configuration})
        return [(r"/", GalleryHandler), (r"/voila/?", ToGalleryHandler),
                (r"/voila/tree(/.*)?", ToGalleryHandler), render,
                (rf"/voila/query/{KERNEL_ID}", PageRequestHandler),
                (r"/cardlab/kernels", KernelsHandler),
                (rf"/cardlab/here/{KERNEL_ID}", HereHandler),
                *super().init_handlers()]

    def start(self) -> None:
        """Voilà's start, with an application that checks the Host header first.

        The port is bound first: preheated kernels start with the settings and
        must know where to ask for their page.
        """
        addresses = (self.ip,) if self.ip == HOST else (self.ip, HOST)
        sockets, self.port = bind_first_free(addresses, self.port)
        self.runtime = RuntimeFolder.make()
        self.connection_dir = str(self.runtime.path)
        share_compiled_templates(self.runtime.path / "templates")
        settings = self.init_settings()
        self.app = HostCheckedApplication(**settings)
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        self.listen(sockets)

    def listen(self, sockets: list[socket.socket]) -> None:
        """Serve on the bound `sockets` until a stop signal."""
        self.pages = PageKernels()
        self.app.settings["cardlab"] = Site(
            Path(self.root_dir), self.lang, self.max_kernels,
            allowed_hosts(self.port, self.extra_host_names), self.pages, self.size_pools)
        server = tornado.httpserver.HTTPServer(self.app)
        server.add_sockets(sockets)
        url = self.announce(f"http://{self.ip}:{self.port}/")
        print(message("cli.stop_hint", self.lang), flush=True)
        if self.open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        self.ioloop = tornado.ioloop.IOLoop.current()
        watch = tornado.ioloop.PeriodicCallback(self.watch, WATCH_SECONDS * 1000)
        watch.start()
        loop = asyncio.get_event_loop()
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self.ioloop.stop)
        try:
            self.ioloop.start()
        finally:
            watch.stop()
            for number in STOP_SIGNALS:
                loop.remove_signal_handler(number)
            server.stop()
            self.stop()

    async def watch(self) -> None:
        """Stop the kernels whose page has gone (`PageKernels`), then top up the pools."""
        manager = self.kernel_manager
        alive = set(manager.list_kernel_ids())
        connections = {kernel_id: manager.kernel_model(kernel_id)["connections"]
                       for kernel_id in alive if kernel_id in self.pages}
        for kernel_id in self.pages.due(time.monotonic(), connections, alive):
            self.log.info("Stopping kernel %s: %s", kernel_id, self.pages.reasons[kernel_id])
            with contextlib.suppress(Exception):  # stopped meanwhile: nothing to do
                await manager.shutdown_kernel(kernel_id)
        # Asked again, not `alive`: while a kernel was stopping, a page may have been
        # handed a kernel started meanwhile, and its kernel still has to learn the request.
        PageRequestHandler.forget(set(manager.list_kernel_ids()))
        self.top_up_pools()

    def top_up_pools(self) -> None:
        """Make the pools as large as `pool_sizes` says now, if they are smaller."""
        manager = self.kernel_manager
        for notebook, size in self.size_pools().items():
            if manager.get_pool_size(notebook) < size:
                manager.fill_if_needed(delay=0, notebook_name=notebook)

    def size_pools(self, opening: str = "") -> dict[str, int]:
        """Tell Voilà the pools' sizes (`pool_sizes`, counting a page of `opening`
        as open): Voilà refills a pool to that size after each page it serves."""
        sizes = self.pool_sizes(opening)
        for notebook, size in sizes.items():
            self.kernel_manager.kernel_pools_config.setdefault(notebook, {})["pool_size"] = size
        return sizes

    def pool_sizes(self, opening: str = "") -> dict[str, int]:
        """Preheated kernels to keep per notebook, once a page of `opening` (if any)
        is open (a classroom changes its own)."""
        return self.pools

    def announce(self, base: str) -> str:
        """Say where the server answers (`base`, once bound); returns the page to open."""
        print(message("cli.serving", self.lang, url=base), flush=True)
        return base

    def stop(self) -> None:
        """Stop every kernel, then remove their connection files (Voilà does it the other way)."""
        run_sync(self.kernel_manager.shutdown_all)()
        self.runtime.close()


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


class ToGalleryHandler(tornado.web.RequestHandler):
    """Voilà's own folder pages (``/voila/tree``) lead to the gallery instead: they
    load icons from the internet, which a classroom may not reach."""

    def get(self, _: str | None = None) -> None:
        lang = self.get_argument("lang", "")
        self.redirect(f"/?lang={lang}" if lang in LANGUAGES else "/")


class PageRequestHandler(RequestInfoSocketHandler):
    """Voilà's hand-over of a page's request (its token, too) to the preheated kernel
    that serves it, for this machine's kernels only.

    Voilà writes the request to the kernel's socket once; a socket that dies unseen
    on a busy machine would leave the kernel waiting for ever. Here the request
    is kept until the kernel stops, and sent again whenever the kernel asks.
    """

    #: Each handed-over kernel's page request, until the kernel stops.
    requests: ClassVar[dict[str, dict[str, str]]] = {}

    def prepare(self) -> None:
        _loopback_only(self)

    def open(self, kernel_id: str) -> None:
        super().open(kernel_id)
        request = self.requests.get(kernel_id)
        if request is not None and kernel_id not in self._cache:
            self.write_message(request)

    @classmethod
    def forget(cls, alive: set[str]) -> None:
        """Drop what was kept for kernels no longer `alive`."""
        for kept in (cls.requests, cls._cache):
            for kernel_id in set(kept) - alive:
                del kept[kernel_id]

    def on_close(self) -> None:
        # Voilà's own removes the last waiter in the table when this one was
        # already replaced (a kernel that reconnected): another kernel's.
        for kernel_id, waiter in list(self._waiters.items()):
            if waiter is self:
                del self._waiters[kernel_id]


class HereHandler(tornado.web.RequestHandler):
    """``/cardlab/here/KERNEL``: an app page says it arrived in a browser (see
    `PageKernels` and the page template); asked twice, it counts once.

    A browser so slow that its page's kernel was stopped meanwhile ("no browser
    came") is answered 410 Gone, and the page reloads itself with a new kernel.
    """

    def get(self, kernel_id: str) -> None:
        self.set_header("Cache-Control", "no-store")
        if kernel_id not in self.settings["kernel_manager"]:
            self.set_status(410)
        else:
            self.settings["cardlab"].pages.here(kernel_id, time.monotonic())
            self.set_status(204)
        self.finish()


class KernelsHandler(tornado.web.RequestHandler):
    """``/cardlab/kernels``, for this machine only: how many kernels run, how many of
    them serve a page, and the pools' sizes (for benchmarks and tests)."""

    def get(self) -> None:
        _loopback_only(self)
        site: Site = self.settings["cardlab"]
        manager = self.settings["kernel_manager"]
        self.finish({"kernels": len(manager.list_kernel_ids()), "pages": len(site.pages),
                     "pools": {notebook: manager.get_pool_size(notebook)
                               for notebook in manager.kernel_pools_config
                               if notebook != "default"}})


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
    """Voilà's page for one notebook, unless `max_kernels` app pages are already open.

    The kernel it hands over (preheated or new) is noted in the site's
    `PageKernels`, which stops it once its page has gone.
    """

    async def get(self, path: str | None = None) -> None:
        site: Site = self.settings["cardlab"]
        if len(site.pages) >= site.max_kernels:
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(busy_html(site.max_kernels, round(GRACE_SECONDS / 60),
                                  _language(self, site)[0]))
            return
        # Voilà's page posts the _xsrf cookie back when its tab closes, so that
        # its kernel stops at once; without the cookie that request gets a 403.
        _ = self.xsrf_token
        self._handed: list[str] = []
        self._notebook = path or ""
        try:
            await super().get(path)
        finally:
            for kernel_id in self._handed:
                site.pages.sent(kernel_id, time.monotonic())

    @property
    def kernel_manager(self) -> Any:
        """Voilà's kernel manager, as this request uses it: the kernel it hands over
        is noted."""
        site: Site = self.settings["cardlab"]
        return _Handing(self.settings["kernel_manager"], self._hand,
                        lambda: site.size_pools(self._notebook))

    def _hand(self, kernel_id: str) -> None:
        self._handed.append(kernel_id)
        PageRequestHandler.requests[kernel_id] = _request_info(self.request)
        self.settings["cardlab"].pages.handed(kernel_id, time.monotonic(), self._notebook)


class _Handing:
    """A kernel manager that tells `note` which kernel it gives to a page, and
    calls `before` before it hands over a preheated one (whose pool it refills)."""

    def __init__(self, manager: Any, note: Callable[[str], None],
                 before: Callable[[], object]) -> None:
        self._manager = manager
        self._note = note
        self._before = before

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id: str = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._note(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        self._before()
        task, cache, kernel_id = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._note(kernel_id)
        return task, cache, kernel_id


class GalleryContents(LargeFileManager):
    """The notebooks cardlab ships: trusted, so Voilà does not warn on every page."""

    def mark_trusted_cells(self, nb: Any, path: str = "") -> None:
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.metadata["trusted"] = True


def _request_info(request: Any) -> dict[str, str]:
    """What Voilà tells a kernel about its page's request (as `VoilaHandler` does)."""
    host, port = split_host_and_port(request.host.lower())
    return {"SCRIPT_NAME": request.path, "PATH_INFO": "", "QUERY_STRING": str(request.query),
            "SERVER_SOFTWARE": f"voila/{voila_version}",
            "SERVER_PROTOCOL": str(request.version), "SERVER_PORT": str(port) if port else "",
            "SERVER_NAME": host}


def _loopback_only(handler: tornado.web.RequestHandler) -> None:
    """Refuse (403) a request that did not come from this machine."""
    if not ipaddress.ip_address(handler.request.remote_ip or "0.0.0.0").is_loopback:
        raise tornado.web.HTTPError(403)


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
        max_kernels: int | None = None, app_class: type[CardlabVoila] = CardlabVoila,
        address: str = HOST) -> int:
    """Serve the notebooks under `root` until a stop signal; 0 once stopped cleanly.

    `max_kernels`: app pages open at once (default: `default_max_apps`).
    `address`: where to listen besides 127.0.0.1 (a LAN address: its requests are
    answered too). `app_class` may add to what the server says once it listens.
    """
    extra = [] if address == HOST else [address]
    pools = app_pools(root)
    if max_kernels is None:
        max_kernels = default_max_apps(pool=sum(pools.values()))
    app = app_class(config=voila_config(root, port, open_browser, address, pools), lang=lang,
                    max_kernels=max_kernels, extra_host_names=extra, pools=pools)
    app.initialize([])
    app.start()
    return 0
