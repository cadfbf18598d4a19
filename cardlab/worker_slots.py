"""The machine's review worker slots: how many worker processes all of one user's
kernels and commands may run at once (one per core by default).

A classroom runs one kernel per student page, each with its own pool of
worker processes (`cardlab.worker_pool`); without a bound, 30 students
reviewing at once would start 60 processes on a 2-core machine. A pool takes
one slot per worker before starting it, and starts none without one.

Slots are files in ``<temp>/cardlab-slots-<uid>/``, locked with ``flock``: a
lock ends with the last open file that holds it, so a slot is free again when
its holder lets it go, ends, or is killed outright (no cleanup to run, nothing
left to go stale). Slot *i* has two locks:

- ``slot-i``, held by the process that claimed it (a kernel) while its pool runs;
- ``slot-i.worker``, held by the worker the slot was claimed for, for the rest
  of its life. A worker ends within a second of its kernel; until it has ended,
  a killed kernel's slot is not free, so the bound holds even then.

A claim takes the free slots it can, never waiting (`Slots.claim`). A
process that found none waits its turn and says so (`Slots.waiting`), and
a pool whose processes are idle gives its slots back at once when one does
(`Slots.someone_waiting`).

>>> import tempfile
>>> slots = Slots(count=2, folder=Path(tempfile.mkdtemp()) / "slots")
>>> first = slots.claim(2); len(first), slots.claim(1)
(2, None)
>>> first.release(); len(slots.claim(1))
1
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from cardlab.private_folder import own_private_folder

#: The file a waiting process holds a shared lock on.
WAITING = "waiting"

#: The worker's lock on its slot, held open for the rest of its life.
_HELD: list[int] = []


def default_folder() -> Path:
    """``<temp>/cardlab-slots-<uid>``, `temp` the system's temporary folder (``TMPDIR``).

    >>> default_folder().name.startswith("cardlab-slots-")
    True
    """
    return Path(tempfile.gettempdir()) / f"cardlab-slots-{os.getuid()}"


class Claim:
    """Slots a process holds: their worker locks are for the workers it starts, one each."""

    def __init__(self, locks: Sequence[int], worker_paths: Sequence[str]) -> None:
        self._locks = list(locks)
        #: One worker lock file per slot, for `hold_one` in each worker.
        self.worker_paths = tuple(worker_paths)

    def __len__(self) -> int:
        return len(self.worker_paths)

    def release(self) -> None:
        """Give the slots back (their workers' locks end with the workers)."""
        locks, self._locks = self._locks, []
        for lock in locks:
            os.close(lock)


class Slots:
    """`count` slots (default: the machine's cores) in `folder` (default: `default_folder`,
    made private to this user on first use)."""

    def __init__(self, count: int | None = None, folder: Path | None = None) -> None:
        self.count = count if count is not None else os.cpu_count() or 1
        self._folder = folder

    @property
    def folder(self) -> Path:
        """The slots' folder, made if need be (one that is not this user's own is refused)."""
        return own_private_folder(self._folder or default_folder(), "worker_slots.bad_folder")

    def claim(self, wanted: int) -> Claim | None:
        """Up to `wanted` free slots, or None if none is free; never waits."""
        folder = self.folder
        locks: list[int] = []
        paths: list[str] = []
        for slot in range(self.count):
            if len(locks) == wanted:
                break
            lock = _locked(folder / f"slot-{slot}", fcntl.LOCK_EX)
            if lock is None:
                continue
            worker = str(folder / f"slot-{slot}.worker")
            # A killed kernel's worker may still run (for up to a second): not free yet.
            # Only a holder of `slot-i` takes its worker lock, so it stays free for ours.
            free = _locked(Path(worker), fcntl.LOCK_EX)
            if free is None:
                os.close(lock)
                continue
            os.close(free)
            locks.append(lock)
            paths.append(worker)
        return Claim(locks, paths) if locks else None

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """Inside, this process counts as waiting for a slot (`someone_waiting`)."""
        mark = os.open(self.folder / WAITING, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(mark, fcntl.LOCK_SH)  # waits out a look by `someone_waiting` only
            yield
        finally:
            os.close(mark)

    def someone_waiting(self) -> bool:
        """True while a process (this one or another) waits for a slot."""
        look = _locked(self.folder / WAITING, fcntl.LOCK_EX)
        if look is None:
            return True
        os.close(look)
        return False


def hold_one(paths: Sequence[str]) -> None:
    """In a worker: hold one of the worker locks of its kernel's claim (`paths`) until
    this process ends. A claim has one lock per worker, and only its workers take them.

    >>> import tempfile
    >>> slots = Slots(count=1, folder=Path(tempfile.mkdtemp()) / "slots")
    >>> claim = slots.claim(1); hold_one(claim.worker_paths); claim.release()
    >>> slots.claim(1) is None     # its worker (here: this process) still runs
    True
    """
    for path in paths:
        lock = _locked(Path(path), fcntl.LOCK_EX)
        if lock is not None:
            _HELD.append(lock)
            return
    raise RuntimeError(f"no free worker lock among {list(paths)}")


def _locked(path: Path, how: int) -> int | None:
    """`path` opened and locked (`how`) at once, or None if another holds it."""
    lock = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, how | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(lock)
        return None
    return lock
