"""What a browser may write: the input traits of stock widgets, checked; nothing else.

Every synced trait can be read by the browser and written by it (a trait
update from the DevTools console is enough). The kernel owns every decision:

- cardlab's own front ends (`KernelOwned`: the control bars, card buttons and
  notes grid) only send messages that ask for something (``{"click": id}``);
  none of their traits is the browser's to write, so every update is ignored
  and the kernel's value is sent back;
- `guard` does the same for the stock ipywidgets of a page, except each one's
  input (`inputs`): a text field's `value`, a selection's `index` (an option
  that exists), a checkbox's `value`. Their descriptions, options, children,
  layout, styles and the `disabled` flag stay the kernel's, and a disabled
  widget takes no input at all. A custom message that is not a JSON object
  is dropped (ipywidgets' own handlers would fail on it).

>>> import ipywidgets as widgets
>>> box = guard(widgets.VBox([widgets.Dropdown(options=["a", "b"])]))
>>> choice = box.children[0]
>>> choice.set_state({"index": 1, "description": "forged"}); choice.value, choice.description
('b', '')
>>> choice.set_state({"index": None}); choice.value
'b'
>>> box.children = [widgets.Text()]; box.children[0].set_state({"value": "hi", "disabled": True})
>>> box.children[0].value, box.children[0].disabled
('hi', False)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import MethodType
from typing import Any

import anywidget
import ipywidgets as widgets
from ipywidgets.widgets.widget import _widget_to_json
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection
from ipywidgets.widgets.widget_selectioncontainer import _SelectionContainer
from traitlets import TraitError

#: The helper every KernelOwned front end sends its messages through.
_REQUESTS = Path(__file__).with_name("requests.js")
#: The longest text a text field takes from the browser.
MAX_TEXT = 10_000
_VALUE = frozenset({"value"})
_INDEX = frozenset({"index"})
#: The traits a browser may write, by widget class (the first match counts).
INPUTS: tuple[tuple[type[widgets.Widget], frozenset[str]], ...] = (
    (widgets.IntProgress, frozenset()),
    (widgets.FloatProgress, frozenset()),
    (_Selection, _INDEX),
    (_MultipleSelection, _INDEX),
    (widgets.Text, _VALUE),
    (widgets.Textarea, _VALUE),
    (widgets.Checkbox, _VALUE),
    (widgets.ToggleButton, _VALUE),
    (widgets.FileUpload, _VALUE),
    (widgets.widgets.widget_int._Int, _VALUE),
    (widgets.widgets.widget_float._Float, _VALUE),
    (_SelectionContainer, frozenset({"selected_index"})),     # tabs, accordions
)


class KernelOwned(anywidget.AnyWidget):
    """An anywidget whose synced traits the browser may read but never write: its front end
    asks by messages, and an update it sends anyway is ignored and sent back.

    Each message is answered, once handled, with the request number it carried
    (``{"answered": n}``, after every change the handling made), so the page knows when
    it shows the outcome (`script` gives a front end the helper that counts them).

    >>> owned, sent = KernelOwned(), []
    >>> owned.send = sent.append
    >>> owned._handle_custom_msg({"click": "x", "request": 7}, []); sent
    [{'answered': 7}]
    >>> owned._handle_custom_msg("forged", []); sent[-1]
    {'answered': None}
    """

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse a browser's update: the browser gets the kernel's values back."""
        _refuse(self, sync_data)

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        try:
            super()._handle_custom_msg(content, buffers)
        finally:
            request = content.get("request") if isinstance(content, dict) else None
            self.send({"answered": request if _is_request(request) else None})


def script(path: Path) -> str:
    """The front end at `path`, after the helper its messages go through (requests.js).

    >>> "function requests(" in script(Path(__file__).with_name("controls.js"))
    True
    """
    return _REQUESTS.read_text("utf-8") + "\n" + path.read_text("utf-8")


def inputs(widget: widgets.Widget) -> frozenset[str]:
    """The traits of `widget` a browser may write (none for cardlab's own and for boxes).

    >>> sorted(inputs(widgets.Dropdown())), sorted(inputs(widgets.HTML()))
    (['index'], [])
    """
    if isinstance(widget, KernelOwned) or getattr(widget, "disabled", False) is True:
        return frozenset()
    return next((traits for kind, traits in INPUTS if isinstance(widget, kind)), frozenset())


def guard(widget: widgets.Widget) -> Any:
    """Guard `widget` and every widget in it, now and later: the browser's updates of
    anything but their `inputs` are ignored and reverted, inputs are checked. Returns
    `widget`.

    >>> page = guard(widgets.VBox([widgets.HTML("<p>Your turn</p>")]))
    >>> page.children[0].set_state({"value": "forged"}); page.children[0].value
    '<p>Your turn</p>'
    """
    for part in _parts(widget):
        if isinstance(part, KernelOwned) or "set_state" in vars(part):
            continue
        part.set_state = MethodType(_guarded_set_state, part)
        part._handle_custom_msg = MethodType(_guarded_custom_msg, part)
        names = [name for name in part.keys
                 if part.trait_metadata(name, "to_json") is _widget_to_json]
        if names:
            part.observe(lambda change: _guard_value(change["new"]), names=names)
    return widget


def _guard_value(value: Any) -> None:
    """Guard every widget in `value` (a widget, or a list of them)."""
    for item in value if isinstance(value, (list, tuple)) else [value]:
        if isinstance(item, widgets.Widget):
            guard(item)


def _parts(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """`widget` and every widget its synced traits hold (children, layout, style...)."""
    seen: set[int] = set()
    todo = [widget]
    while todo:
        part = todo.pop()
        if id(part) in seen:
            continue
        seen.add(id(part))
        yield part
        for name in part.keys:
            value = getattr(part, name)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, widgets.Widget):
                    todo.append(item)


def _guarded_set_state(widget: widgets.Widget, sync_data: dict[str, Any]) -> None:
    allowed = inputs(widget)
    accepted = {name: value for name, value in sync_data.items()
                if name in allowed and _fits(widget, name, value)}
    if accepted:
        try:
            type(widget).set_state(widget, accepted)
        except (TraitError, TypeError, ValueError):
            accepted = {}       # traitlets rolled the values back
    _refuse(widget, {name: value for name, value in sync_data.items() if name not in accepted})


def _guarded_custom_msg(widget: widgets.Widget, content: Any, buffers: Any) -> None:
    # ipywidgets' own handlers (a text field's submit, a button's click) expect a dict.
    if isinstance(content, dict):
        type(widget)._handle_custom_msg(widget, content, buffers)


def _fits(widget: widgets.Widget, name: str, value: Any) -> bool:
    """True if `value` is a sensible input for `widget`'s trait `name`."""
    if name == "selected_index":
        return value is None or _is_index(value, len(widget.children))
    if name == "index":
        count = len(widget._options_labels)
        if isinstance(widget, _MultipleSelection):
            return isinstance(value, (list, tuple)) and len(set(value)) == len(value) and all(
                _is_index(item, count) for item in value)
        return _is_index(value, count)
    if isinstance(widget, (widgets.Text, widgets.Textarea)):
        return isinstance(value, str) and len(value) <= MAX_TEXT
    if isinstance(widget, (widgets.Checkbox, widgets.ToggleButton)):
        return isinstance(value, bool)
    if isinstance(widget, widgets.FileUpload):
        return isinstance(value, (list, tuple)) and all(_is_file(item) for item in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_file(item: Any) -> bool:
    """True for an uploaded file as the browser sends it (its content is read elsewhere)."""
    return (isinstance(item, dict) and isinstance(item.get("name"), str)
            and isinstance(item.get("type"), str)
            and isinstance(item.get("size"), int)
            and isinstance(item.get("content"), (bytes, bytearray, memoryview))
            and isinstance(item.get("last_modified"), (int, float))
            and abs(item["last_modified"]) < 1e14)


def _is_request(value: Any) -> bool:
    """True for a request number as the page's script counts them."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**53


def _is_index(value: Any, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def _refuse(widget: widgets.Widget, sync_data: dict[str, Any]) -> None:
    """Send the kernel's values of the synced traits the browser tried to write."""
    refused = [name for name in sync_data if name in widget.keys]
    if refused:
        widget.send_state(refused)
