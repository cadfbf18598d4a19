"""Inside an app kernel: which page this kernel serves, when Voilà preheated it.

`cardlab serve` keeps a few kernels per app running ahead of any page (Voilà's
preheated pool): each has already imported its app and stopped where the app
first reads its address. When a page asks for the app, Voilà hands it a kernel
and sends that page's request (``QUERY_STRING``, host, path) to the kernel over
a websocket on 127.0.0.1. `wait_for_page` waits for that and puts the request
into the environment, as Voilà does for a kernel it starts for the page.

Only the standard library and `websockets` (a Voilà dependency) are loaded:
this runs in every app kernel.

>>> page_address({"SERVER_NAME": "10.0.0.5", "SERVER_PORT": "8866",
...               "SCRIPT_NAME": "/voila/render/apps/classroom.ipynb",
...               "QUERY_STRING": "token=abc"})
'http://10.0.0.5:8866/voila/render/apps/classroom.ipynb?token=abc'
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, MutableMapping

#: Voilà sets this to "True" in a kernel it starts for its pool (and "False" otherwise).
PREHEAT = "VOILA_PREHEAT"
#: The page's full address; Voilà sets it only in kernels it starts for a page.
REQUEST_URL = "VOILA_REQUEST_URL"
#: Seconds between two tries to reach the server (it may not listen yet when the pool starts).
RETRY_SECONDS = 0.2
#: Characters of one request message accepted (a query string is cut at 4,000 anyway).
MAX_MESSAGE = 64_000


def preheated(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether this kernel was started ahead of its page and has not learnt it yet.

    >>> preheated({"VOILA_PREHEAT": "True"}), preheated({})
    (True, False)
    """
    return environ.get(PREHEAT) == "True"


def wait_for_page(environ: MutableMapping[str, str] = os.environ) -> None:
    """Block until Voilà hands this preheated kernel to a page; then the page's request
    is in `environ` (``QUERY_STRING``, ``SERVER_NAME``, ... and ``VOILA_REQUEST_URL``)."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    url = (f"ws://127.0.0.1:{environ.get('VOILA_APP_PORT', '8866')}/voila/query/"
           f"{environ.get('VOILA_KERNEL_ID', '')}")
    while True:
        try:
            with connect(url, open_timeout=30, max_size=MAX_MESSAGE) as socket:
                request = json.loads(socket.recv())
            break
        except (OSError, WebSocketException, ValueError):
            time.sleep(RETRY_SECONDS)  # not listening yet, or restarting: try again
    if isinstance(request, dict):
        environ.update({key: value for key, value in request.items()
                        if isinstance(key, str) and isinstance(value, str)})
    environ[REQUEST_URL] = page_address(environ)
    environ[PREHEAT] = "False"


def page_address(request: Mapping[str, str]) -> str:
    """The page's address rebuilt from its request (Voilà sends no full URL to a pooled
    kernel; the server speaks plain HTTP)."""
    port = request.get("SERVER_PORT", "")
    host = request.get("SERVER_NAME", "127.0.0.1") + (f":{port}" if port else "")
    query = request.get("QUERY_STRING", "")
    return f"http://{host}{request.get('SCRIPT_NAME', '/')}" + (f"?{query}" if query else "")
