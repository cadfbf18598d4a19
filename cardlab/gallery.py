"""The app gallery: `cardlab serve`, its address and its checks.

Where the notebooks are and the host it listens on are in `cardlab.site`
(the server needs them too, and this module starts the server).

>>> gallery_url(8866)
'http://127.0.0.1:8866/'
>>> check_port(0)
Traceback (most recent call last):
...
cardlab.errors.CardlabError: --port 0: choose a port from 1 to 65535
"""

from __future__ import annotations

from cardlab.errors import CardlabError
from cardlab.serve.kernels import MAX_APPS
from cardlab.site import HOST, notebooks_dir

#: `notebooks_dir` is offered here too: the command line finds the gallery's folder here.
__all__ = ["DEFAULT_PORT", "PORTS", "check_max_apps", "check_port", "gallery_url",
           "notebooks_dir", "serve"]

DEFAULT_PORT = 8866
PORTS = range(1, 65536)

def gallery_url(port: int) -> str:
    """The address the gallery answers on."""
    return f"http://{HOST}:{port}/"


def check_port(port: int) -> int:
    """`port` if a server can listen on it, else a CardlabError saying which ports can.

    >>> check_port(8866)
    8866
    """
    if port not in PORTS:
        raise CardlabError("serve.bad_port", port=port)
    return port


def check_max_apps(apps: int) -> int:
    """`apps` if it is a sensible cap on apps running at once, else a CardlabError.

    >>> check_max_apps(30)
    30
    """
    if not 1 <= apps <= MAX_APPS:
        raise CardlabError("serve.bad_max_apps", apps=apps, high=MAX_APPS)
    return apps


def serve(port: int, open_browser: bool, lang: str = "en", max_apps: int | None = None) -> int:
    """Serve the gallery on 127.0.0.1 until SIGTERM, SIGHUP or Ctrl+C; returns the exit status.

    Prints the address really served on (the next free port if `port` is
    taken) and how to stop. Stopping stops Voilà and every kernel it started.
    `max_apps`: app pages open at once (default: sized from the free memory).
    """
    check_port(port)
    if max_apps is not None:
        check_max_apps(max_apps)
    root = notebooks_dir()
    from cardlab.serve.server import run  # loads Voilà and Jupyter Server: only when serving

    return run(port, open_browser, lang, root, max_apps)
