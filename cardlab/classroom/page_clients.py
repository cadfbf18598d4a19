"""A class's seat pages without browsers: the server's share of a burst.

A Voilà page in a browser asks the server for four things: the page itself, its
arrival note (``/cardlab/here/KERNEL``, see `cardlab.serve.kernels`), a websocket
to its kernel, and over it the state of every widget (ipywidgets' control comm,
``request_states``). Everything after that is the browser's own work: loading
Voilà's scripts and drawing the widgets.

`PageClient` asks for exactly these, so that a burst of them measures what the
server delivers when each student's browser runs on the student's own device.
The browser burst (`cardlab.classroom.burst`) puts the browsers on the server's
machine as well; there, loading Voilà's scripts takes most of the machine.
Leaving (`PageClient.leave`) is what a closing or reloading tab does: it asks
Voilà to stop the page's kernel.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import WebSocketClientConnection, websocket_connect

#: The version of ipywidgets' control protocol that `request_states` belongs to.
CONTROL_VERSION = "1.0.0"
#: The comm target of ipywidgets' control channel.
CONTROL_TARGET = "jupyter.widget.control"
#: Where a cardlab page names its kernel (the arrival note's address).
_KERNEL = re.compile(r"cardlab/here/([0-9a-f-]{36})")
_XSRF = re.compile(r"\b_xsrf=([^;]*)")


def kernel_message(msg_type: str, content: dict[str, Any], session: str) -> str:
    """A Jupyter shell message as Voilà's websocket takes it (JSON, no buffers).

    >>> sent = json.loads(kernel_message("comm_msg", {"comm_id": "c"}, "s"))
    >>> sent["header"]["msg_type"], sent["channel"], sent["metadata"]
    ('comm_msg', 'shell', {'version': '1.0.0'})
    """
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "",
                   "session": session, "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {"version": CONTROL_VERSION},
        "content": content, "channel": "shell", "buffers": []})


@dataclass
class PageClient:
    """One seat page: opened with `open`, left with `leave`."""

    url: str
    base: str
    kernel: str = ""
    widgets: int = 0
    #: The page's XSRF cookie, which its goodbye must carry, as the browser's does.
    xsrf: str = ""
    _socket: WebSocketClientConnection | None = field(default=None, repr=False)

    async def open(self, start: float, timeout: float) -> tuple[float, float]:
        """Ask for the page and its widgets' state; the seconds from `start` until the
        page had come and until every widget's state had."""
        http = AsyncHTTPClient()
        answer = await http.fetch(self.url, request_timeout=timeout)
        page_s = time.perf_counter() - start
        found = _KERNEL.search(answer.body.decode())
        if found is None:
            raise RuntimeError(f"no kernel named in the page of {self.url}")
        self.kernel = found.group(1)
        cookies = ";".join(answer.headers.get_list("Set-Cookie"))
        self.xsrf = found.group(1) if (found := _XSRF.search(cookies)) else ""
        await http.fetch(f"{self.base}cardlab/here/{self.kernel}", request_timeout=timeout)
        session = uuid.uuid4().hex
        self._socket = await websocket_connect(
            f"{self.base.replace('http', 'ws', 1)}api/kernels/{self.kernel}/channels"
            f"?session_id={session}", connect_timeout=timeout)
        comm = uuid.uuid4().hex
        await self._socket.write_message(kernel_message(
            "comm_open", {"comm_id": comm, "target_name": CONTROL_TARGET, "data": {}}, session))
        await self._socket.write_message(kernel_message(
            "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}, session))
        self.widgets = await asyncio.wait_for(self._states(comm), timeout)
        return page_s, time.perf_counter() - start

    async def _states(self, comm: str) -> int:
        """How many widget states the kernel sent in answer to `request_states`."""
        assert self._socket is not None
        while (text := await self._socket.read_message()) is not None:
            if not isinstance(text, str):
                continue  # a message with binary buffers: never the states' answer
            sent = json.loads(text)
            content = sent.get("content", {})
            if sent["header"]["msg_type"] == "comm_msg" and content.get("comm_id") == comm:
                return len(content.get("data", {}).get("states", {}))
        raise RuntimeError(f"the kernel of {self.url} closed before sending its widgets")

    async def leave(self) -> None:
        """Close the page as a tab does: ask Voilà to stop its kernel (the goodbye Voilà's
        page sends when it unloads), then hang up."""
        await AsyncHTTPClient().fetch(
            f"{self.base}voila/api/shutdown/{self.kernel}", method="POST",
            body=urlencode({"_xsrf": self.xsrf}), headers={"Cookie": f"_xsrf={self.xsrf}"})
        if self._socket is not None:
            self._socket.close()
            self._socket = None
