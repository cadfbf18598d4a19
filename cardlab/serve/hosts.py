"""Which Host headers the server answers: its own address only (DNS rebinding).

A page on another site can point its own domain name at 127.0.0.1 and then
talk to this server from the learner's browser. The browser still sends that
domain in the Host header, so answering only our own names stops it.

>>> allowed = allowed_hosts(8866)
>>> host_allowed("127.0.0.1:8866", allowed), host_allowed("evil.example:8866", allowed)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

#: The names a browser on this machine uses for the server.
LOOPBACK_NAMES = ("127.0.0.1", "localhost")


def allowed_hosts(port: int, extra_names: Iterable[str] = ()) -> frozenset[str]:
    """Every Host header value the server answers on `port`.

    `extra_names` is the hook for serving a class: add the machine's LAN
    address (or name) and learners' browsers that use it are answered too.

    >>> sorted(allowed_hosts(8866, ["192.168.1.20"]))
    ['127.0.0.1:8866', '192.168.1.20:8866', 'localhost:8866']
    """
    names = [name.lower() for name in (*LOOPBACK_NAMES, *extra_names)]
    # Browsers leave out the default port, so on port 80 the bare name is ours too.
    bare = names if port == 80 else []
    return frozenset([f"{name}:{port}" for name in names] + bare)


def host_allowed(host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request whose Host header is `host` may be answered.

    The port must be there and be ours: a browser always sends it for a port
    other than 80, so a Host without it did not come from our own page.

    >>> host_allowed("LOCALHOST:8866", allowed_hosts(8866))
    True
    >>> host_allowed("localhost", allowed_hosts(8866)), host_allowed(None, allowed_hosts(8866))
    (False, False)
    """
    return host is not None and host.strip().lower() in allowed
