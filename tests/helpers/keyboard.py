"""A page driven by the keyboard, as a keyboard user does (the browser tests)."""

from __future__ import annotations


def press(page, name: str, times: int = 1) -> None:
    """Focus the button named `name` (exactly) and press Enter on it `times` times."""
    page.get_by_role("button", name=name, exact=True).focus()
    for _ in range(times):
        page.keyboard.press("Enter")
