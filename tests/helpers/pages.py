"""Waiting on a cardlab page in the browser."""

#: True once no cardlab widget on the page waits for the kernel's answer to a request.
_ANSWERED = "() => !document.querySelector('[aria-busy=\"true\"]')"


def answered(page, timeout: float = 60_000) -> None:
    """Wait until the kernel has answered every click the page's widgets sent: the page
    then shows all it changed (a new widget, such as a log section, may still be drawn)."""
    page.wait_for_function(_ANSWERED, timeout=timeout)
