"""The server's own folder for kernel connection files and sockets, and its cleanup.

Each server makes a folder under ``<temp>/cardlab-serve-<uid>/`` and holds a
lock on a file in it while it runs. A server killed without its cleanup
(``kill -9``, a power cut) leaves its folder behind; the next server to start
removes every folder whose lock nobody holds. Only folders made this way are
touched.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> first = RuntimeFolder.make(root)
>>> sorted(p.name for p in first.path.iterdir())
['lock']
>>> second = RuntimeFolder.make(root)          # `first` still runs: its folder stays
>>> first.path.is_dir()
True
>>> first.close(); second.close(); list(root.iterdir())
[]
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
import time
from pathlib import Path

from cardlab.private_folder import own_private_folder

#: A server's folder name starts with this.
PREFIX = "run-"
LOCK = "lock"
#: A folder without a lock file this young may belong to a server starting now.
YOUNG_SECONDS = 60


#: The longest Unix socket path every system takes (macOS: 104 bytes, the last a NUL).
SOCKET_PATH_MAX = 103
#: What a server's folder and a kernel's socket add to the root:
#: ``/run-XXXXXXXX`` and ``/kernel-<uuid>-ipc-<n>``.
ADDED_TO_ROOT = len("/run-12345678") + len("/kernel-") + 36 + len("-ipc-5")


def default_root(temp: Path | None = None) -> Path:
    """``<temp>/cardlab-serve-<uid>``, or under ``/tmp`` where `temp` (default: the
    system's temporary folder) is too long for the kernels' sockets to fit.

    >>> default_root(Path("/tmp")).parent
    PosixPath('/tmp')
    >>> default_root(Path("/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T")).parent
    PosixPath('/tmp')
    """
    temp = Path(tempfile.gettempdir()) if temp is None else temp
    root = temp / f"cardlab-serve-{os.getuid()}"
    if len(os.fsencode(root)) + ADDED_TO_ROOT <= SOCKET_PATH_MAX:
        return root
    return Path("/tmp") / root.name


class RuntimeFolder:
    """This server's folder, locked while it runs."""

    def __init__(self, path: Path, lock: int) -> None:
        self.path = path
        self._lock = lock

    @classmethod
    def make(cls, root: Path | None = None) -> RuntimeFolder:
        """A new folder under `root` (default: `default_root`), after removing the
        folders of servers that are gone."""
        root = default_root() if root is None else root
        own_private_folder(root, "serve.bad_runtime")
        remove_stale(root)
        path = Path(tempfile.mkdtemp(prefix=PREFIX, dir=root))
        lock = os.open(path / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return cls(path, lock)

    def close(self) -> None:
        """Remove the folder (kernels stopped first) and let go of its lock."""
        shutil.rmtree(self.path, ignore_errors=True)
        os.close(self._lock)


def remove_stale(root: Path) -> list[Path]:
    """Remove the folders under `root` whose server is gone (nobody holds their lock);
    the ones removed."""
    removed = []
    for folder in sorted(root.glob(f"{PREFIX}*")):
        if folder.is_symlink() or not folder.is_dir():
            continue
        try:
            lock = os.open(folder / LOCK, os.O_RDWR)
        except FileNotFoundError:
            # Killed between making the folder and locking it, or starting right now.
            if time.time() - folder.stat().st_mtime < YOUNG_SECONDS:
                continue
            lock = None
        except OSError:
            continue
        try:
            if lock is not None:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # a running server holds it
        finally:
            if lock is not None:
                os.close(lock)
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed

