"""Python source read as code only: what the checks that shared code names no game read."""

from __future__ import annotations

import ast
import io
import re
import tokenize

#: A game's name, its package, its entry and game classes, however written.
GAME_NAMES = re.compile(r"black_?widow|five_?sons", re.IGNORECASE)


def code_of(source: str) -> str:
    """`source` without its docstrings and comments, its tokens joined by spaces."""
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.add((body[0].lineno, body[0].col_offset))
    kept = [token.string for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type != tokenize.COMMENT
            and not (token.type == tokenize.STRING and token.start in docstrings)]
    return " ".join(text for text in kept if text.strip())
