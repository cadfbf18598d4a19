"""How many app kernels the server runs, and when a page's kernel is let go.

Every open app page has one kernel. Besides those, each app keeps a small pool
of preheated kernels (Voilà's pool: started and imported before any page asks).
A kernel handed to a page is stopped

- at once when its tab closes or reloads (the page says goodbye);
- `CONNECT_SECONDS` after its page was sent if the page never said, from a
  browser, that it arrived: the request was not a browser page (a link
  preview, a crawler, ``curl``; a browser that came later all the same is
  told to reload its page). A page's first script says so at once
  (``/cardlab/here/KERNEL``, long before the page's own scripts have loaded);
  from then on it has `LOAD_SECONDS` to connect to its kernel (a class of
  browsers loading at once on a slow machine can take minutes);
- `GRACE_SECONDS` after its page's last connection went away without a
  goodbye (a crashed browser, a laptop lid shut, a phone that switched apps
  for longer than that).

The default cap on open pages comes from the memory the machine has free.

>>> default_max_apps(available_mb=8000, pool=6)
54
>>> default_max_apps(available_mb=500, pool=6)
8
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

#: The resident size of one app kernel, in MB, with room to grow during a game
#: (measured: 70-80 MB when its page is ready; see `cardlab bench classroom`).
KERNEL_MB = 100
#: Memory kept free for the system, the server and the store: this many MB, or a
#: quarter of what is available, whichever is larger.
MARGIN_MB = 1000
MARGIN_SHARE = 0.25
#: At least this many apps by default, however little memory the machine reports.
FLOOR_APPS = 8
#: The largest cap `--max-apps` accepts.
MAX_APPS = 1000
#: Preheated kernels kept ready per app notebook.
APP_POOL = 1
#: Seconds after a page was sent within which its client must show it is a browser.
CONNECT_SECONDS = 30.0
#: Seconds a page's kernel is kept after its last connection went without a goodbye.
GRACE_SECONDS = 120.0
#: Seconds a page may take to be sent before its kernel is let go all the same.
RENDER_SECONDS = 300.0
#: Seconds a page that arrived in a browser has to connect to its kernel.
LOAD_SECONDS = 300.0


def usable_mb(available_mb: float) -> float:
    """The memory app kernels may use: what is available minus the margin.

    >>> usable_mb(8000), usable_mb(2000)
    (6000.0, 1000.0)
    """
    return max(0.0, available_mb - max(float(MARGIN_MB), MARGIN_SHARE * available_mb))


def default_max_apps(available_mb: float | None = None, pool: int = 0) -> int:
    """Open app pages the server allows by default: the kernels that fit in the usable
    memory (`available_mb`: what the system reports now), less the `pool` of preheated
    ones, at least `FLOOR_APPS` and at most `MAX_APPS`."""
    if available_mb is None:
        available_mb = available_memory_mb()
    fits = int(usable_mb(available_mb) // KERNEL_MB) - pool
    return max(FLOOR_APPS, min(MAX_APPS, fits))


def available_memory_mb() -> float:
    """The memory the system can give to new processes without swapping, in MB."""
    import psutil

    return float(psutil.virtual_memory().available) / 2**20


@dataclass
class _Page:
    handed: float
    #: The notebook the page shows ('' when not said).
    notebook: str = ""
    sent: float | None = None
    #: When the page said it is in a browser (None: not yet).
    here: float | None = None
    #: The last time a browser was seen connected (None: never).
    seen: float | None = None


class PageKernels:
    """The kernels handed to pages, and which of them to stop now.

    Times are seconds on one monotonic clock, given by the caller.

    >>> pages = PageKernels()
    >>> pages.handed("k1", now=0.0); pages.sent("k1", now=1.0); len(pages)
    1
    >>> pages.due(now=30.0, connections={"k1": 0}), pages.due(now=31.0, connections={"k1": 0})
    ([], ['k1'])
    """

    def __init__(self, connect_seconds: float = CONNECT_SECONDS,
                 grace_seconds: float = GRACE_SECONDS,
                 load_seconds: float = LOAD_SECONDS,
                 render_seconds: float = RENDER_SECONDS) -> None:
        self.connect_seconds = connect_seconds
        self.grace_seconds = grace_seconds
        self.load_seconds = load_seconds
        self.render_seconds = render_seconds
        self._pages: dict[str, _Page] = {}
        #: Why each kernel of the last `due` is to be stopped, in a few words.
        self.reasons: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self._pages)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self._pages

    def handed(self, kernel_id: str, now: float, notebook: str = "") -> None:
        """A page request for `notebook` took (or started) this kernel."""
        self._pages[kernel_id] = _Page(now, notebook)

    def showing(self, notebook: str) -> int:
        """How many pages of `notebook` have a kernel.

        >>> pages = PageKernels()
        >>> pages.handed("k1", 0.0, "apps/a.ipynb"); pages.handed("k2", 0.0, "apps/b.ipynb")
        >>> pages.showing("apps/a.ipynb")
        1
        """
        return sum(page.notebook == notebook for page in self._pages.values())

    def here(self, kernel_id: str, now: float) -> None:
        """The page of this kernel runs in a browser (its first script said so)."""
        page = self._pages.get(kernel_id)
        if page is not None and page.here is None:
            page.here = now

    def sent(self, kernel_id: str, now: float) -> None:
        """The page of this kernel has been sent (or its request ended)."""
        page = self._pages.get(kernel_id)
        if page is not None and page.sent is None:
            page.sent = now

    def due(self, now: float, connections: Mapping[str, int],
            alive: Collection[str] | None = None) -> list[str]:
        """The kernels to stop now; `connections`: browsers connected, by kernel;
        `alive`: the kernels still running (default: those in `connections`).
        Kernels no longer alive are forgotten."""
        alive = connections.keys() if alive is None else alive
        stop = []
        self.reasons.clear()
        for kernel_id, page in list(self._pages.items()):
            if kernel_id not in alive:
                del self._pages[kernel_id]
            elif connections.get(kernel_id, 0) > 0:
                page.seen = now
            elif page.seen is not None:
                if now - page.seen >= self.grace_seconds:
                    stop.append(kernel_id)
                    self.reasons[kernel_id] = "its browser went away"
            else:
                since = page.sent if page.sent is not None else page.handed + self.render_seconds
                if page.here is not None:
                    if now - page.here >= self.load_seconds:
                        stop.append(kernel_id)
                        self.reasons[kernel_id] = "its browser never connected"
                elif now - since >= self.connect_seconds:
                    stop.append(kernel_id)
                    self.reasons[kernel_id] = "no browser came for its page"
        for kernel_id in stop:
            del self._pages[kernel_id]
        return stop
