"""Whether a page is still there: the kernel asks, the page's script answers.

A kernel outlives its page when the browser goes without an unload (a crash,
a laptop lid shut, a phone that switches apps): the server stops it only when
it culls idle kernels, minutes later. So nothing a kernel does by itself
proves that its page is open; an answer from the page does. `PagePresence`
is an invisible widget (put it among the page's widgets) whose script answers
each `ask` of the kernel, and `answered` is when the last answer came
(`time.monotonic`).

A browser may send any message: an answer proves only that some page runs
this widget's script, which is all it claims.

>>> presence = PagePresence()
>>> presence.answered is None
True
>>> presence.ask(); presence.take({"pong": 1}); presence.answered is not None
True
"""

from __future__ import annotations

import time
from typing import Any

import anywidget

# The page's widget manager makes a model only for a widget the page shows: so it is
# shown, as nothing. `initialize` runs once per model, however often it is shown.
_SCRIPT = """
export default {
  initialize({ model }) {
    model.on("msg:custom", (content) => {
      if (content && Number.isInteger(content.ping)) model.send({ pong: content.ping });
    });
  },
  render({ el }) {
    el.hidden = true;
  },
};
"""


class PagePresence(anywidget.AnyWidget):
    """Pings the page (`ask`); notes when an answer to one of them came (`answered`)."""

    _esm = _SCRIPT

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._asked = 0
        #: When the page last answered, by `time.monotonic`; None before its first answer.
        self.answered: float | None = None
        self.on_msg(lambda _widget, content, _buffers: self.take(content))

    def ask(self) -> None:
        """Ask the page whether it is there (it answers if its script runs)."""
        self._asked += 1
        self.send({"ping": self._asked})

    def take(self, content: object) -> None:
        """A message from the page: an answer to one of our asks counts, anything else
        is ignored (an answer may come after the next ask on a slow machine)."""
        if not isinstance(content, dict):
            return
        pong = content.get("pong")
        if isinstance(pong, int) and not isinstance(pong, bool) and 0 < pong <= self._asked:
            self.answered = time.monotonic()
