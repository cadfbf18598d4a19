"""Page templates compiled once per server, not once per kernel.

Voilà renders every app page with a new nbconvert exporter, and each exporter
makes a new Jinja environment that parses and compiles Voilà's templates again:
about a second of the server's only thread per kernel. The preheated pools
render a page for every kernel they start, so under a class's burst the server
spent most of its time compiling the same templates while pages waited.

`share_compiled_templates` gives every exporter's environment one Jinja
bytecode cache in the server's own folder: a template is compiled the first
time, and later environments load the compiled code (Jinja checks the
template's source against the cache, so a changed template is compiled again).

>>> import tempfile
>>> from nbconvert.exporters import TemplateExporter
>>> share_compiled_templates(Path(tempfile.mkdtemp()))
>>> TemplateExporter().environment.bytecode_cache is not None
True
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import FileSystemBytecodeCache
from nbconvert.exporters import TemplateExporter

#: The exporters' own way to make an environment, before `share_compiled_templates`.
_MAKE_ENVIRONMENT: Callable[[TemplateExporter], Any] = TemplateExporter._create_environment


def share_compiled_templates(folder: Path) -> None:
    """Make every exporter's Jinja environment (Voilà's among them) keep compiled
    templates in `folder`, shared with every later environment of this process."""
    folder.mkdir(mode=0o700, exist_ok=True)
    cache = FileSystemBytecodeCache(str(folder))

    def make_environment(exporter: TemplateExporter) -> Any:
        environment = _MAKE_ENVIRONMENT(exporter)
        environment.bytecode_cache = cache
        return environment

    TemplateExporter._create_environment = make_environment  # type: ignore[method-assign]
