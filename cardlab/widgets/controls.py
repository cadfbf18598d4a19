"""Accessible buttons and a status line for every cardlab widget, as one anywidget.

ipywidgets' own Button cannot carry ARIA attributes, and a disabled one drops
the keyboard focus to the page. `ControlBar` draws real ``<button>`` elements:

- a toggle has ``aria-pressed``;
- an unavailable button has ``aria-disabled="true"``, stays focusable, and
  ignores clicks (Python checks again against its own state: a click message
  can be forged, and so can the `buttons` the browser holds);
- `status` is shown in an element with ``role="status"``, so screen readers
  announce positions, refusals and turns;
- the focus ring is a dark ring inside a white one, visible on any colour.

The same stylesheet gives ``select`` and ``input`` elements under a container
with the class ``cardlab-focus`` the same focus ring (add the class to an
ipywidgets box with ``box.add_class(FOCUS_CLASS)``).

>>> bar = ControlBar([ButtonSpec("next", "Next ▶", primary=True)], label="Steps")
>>> pressed = []
>>> bar.on_click(pressed.append)
>>> bar.click("next"); pressed
['next']
>>> bar.update("next", disabled=True); bar.click("next"); pressed
['next']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from cardlab.widgets.guard import KernelOwned, script

FOCUS_CLASS = "cardlab-focus"
#: A ControlBar with this class shows each line of its status on a line of its own.
LINES_CLASS = "cardlab-lines"
#: An upload button with this class (and its description as tooltip) shows its
#: description without ipywidgets' file counter "(0)" (controls.css), and is named by
#: it alone (controls.js, on any page with a ControlBar).
UPLOAD_CLASS = "cardlab-upload"
_HERE = Path(__file__).parent


@dataclass(frozen=True)
class ButtonSpec:
    """One button: `pressed` is None for a plain button, True or False for a toggle;
    `decides` for a player's decision, which a double click must not make twice (the
    browser drops a click on it while the last one is unanswered)."""

    id: str
    label: str
    disabled: bool = False
    pressed: bool | None = None
    primary: bool = False
    decides: bool = False


class ControlBar(KernelOwned):
    """A row of accessible buttons (wrapping on narrow screens) and a status line.

    Which buttons exist, which are available and which are pressed is kernel state
    (`specs`); the synced `buttons` only shows it, and the browser's click is a request
    checked against it.
    """

    _esm = script(_HERE / "controls.js")
    _css = _HERE / "controls.css"
    buttons = traitlets.List(traitlets.Dict()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, buttons: Iterable[ButtonSpec], label: str = "", status: str = "",
                 **kwargs: Any) -> None:
        super().__init__(label=label, status=status, **kwargs)
        self._specs: dict[str, ButtonSpec] = {}
        self.show(buttons)
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._message)

    @property
    def specs(self) -> tuple[ButtonSpec, ...]:
        """Every button, in order."""
        return tuple(self._specs.values())

    def show(self, buttons: Iterable[ButtonSpec]) -> None:
        """Show these buttons, in this order, replacing those shown before."""
        self._specs = {spec.id: spec for spec in buttons}
        self._project()

    def remove(self, *buttons: str) -> None:
        """Take these buttons away (an id not shown is ignored)."""
        self.show(spec for spec in self.specs if spec.id not in buttons)

    def has(self, button: str) -> bool:
        """True if the button `button` is shown."""
        return button in self._specs

    def spec(self, button: str) -> ButtonSpec:
        """The current state of one button (KeyError if it is not shown)."""
        return self._specs[button]

    def update(self, button: str, **changes: Any) -> None:
        """Change one button (its label, `disabled` or `pressed`); the browser follows.
        A button not shown is ignored."""
        if button in self._specs:
            self._specs[button] = replace(self._specs[button], **changes)
            self._project()

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call `handler` with the button's id whenever an available button is pressed."""
        self._handlers.append(handler)

    def click(self, button: str) -> None:
        """Press a button, as the browser does; a button not shown or unavailable does
        nothing."""
        spec = self._specs.get(button)
        if spec is None or spec.disabled:
            return
        for handler in self._handlers:
            handler(button)

    def _project(self) -> None:
        self.buttons = [asdict(spec) for spec in self._specs.values()]

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("click"), str):
            self.click(content["click"])


def record_upload(description: str) -> widgets.FileUpload:
    """A button that loads one JSON record, named `description`, without a file counter.

    >>> upload = record_upload("Load a game")
    >>> upload.tooltip, "cardlab-upload" in upload._dom_classes
    ('Load a game', True)
    """
    upload = widgets.FileUpload(accept=".json", multiple=False, description=description,
                                tooltip=description)
    upload.add_class(UPLOAD_CLASS)
    return upload
