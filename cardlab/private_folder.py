"""A folder of this user's only, made if need be, where cardlab keeps files other users
must not touch (a server's sockets, the machine's review worker slots).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "mine"
>>> own_private_folder(folder, "serve.bad_runtime") == folder
True
>>> oct(folder.stat().st_mode & 0o777)
'0o700'
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from cardlab.errors import CardlabError


def own_private_folder(root: Path, refusal: str) -> Path:
    """`root`, made readable by this user only if it is new; one that is not ours (or
    that others may read or write) is refused with the message `refusal` (its ``path``:
    `root`)."""
    with contextlib.suppress(FileExistsError):
        root.mkdir(mode=0o700, parents=True)
    info = root.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise CardlabError(refusal, path=str(root))
    return root
