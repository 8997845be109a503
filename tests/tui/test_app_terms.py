"""The app speaks the app's terms (issue 31, item 6): every message the services, rules and
the app's own screens can show, run through what the app says them with (``app_terms``), names
no ``chronicle ...`` command to type, no ``--force`` and no file table (``[[card]]``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from chronicle.tui.messages import app_terms, error_message

ROOT = Path(__file__).resolve().parents[2] / "chronicle"
CLI_WORDS = re.compile(r"--force|\[\[card\]\]|'chronicle [a-z]|merge the two tables")


def said(node: ast.AST) -> str | None:
    """A string literal (an f-string's values as X), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(part.value) if isinstance(part, ast.Constant) else "X"
                       for part in node.values)
    return None


def messages() -> list[tuple[str, str]]:
    """Every string literal outside the command line's own modules that says a command line
    word (``path:line``, the text); docstrings left out."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if ("cli/" in relative or path.stem.endswith("cli") or path.name == "parser.py"
                or relative == "tui/messages.py"):  # the command line's own; the rewriter
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                           ast.AsyncFunctionDef))
                      and (body := node.body) and isinstance(body[0], ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for part in node.values:
                    docstrings.add(id(part))
            text = said(node)
            if text and id(node) not in docstrings and CLI_WORDS.search(text):
                found.append((f"{relative}:{getattr(node, 'lineno', 0)}", text))
    return found


def test_every_service_message_is_said_in_the_apps_terms() -> None:
    found = messages()
    assert len(found) >= 8  # the messages of the issue are among them
    left = [(where, app_terms(text)) for where, text in found
            if CLI_WORDS.search(app_terms(text))]
    assert left == []


def test_the_issues_messages_in_the_apps_terms() -> None:
    from chronicle.errors import ChronicleError

    unknown = ChronicleError("no player is called 'Nobody'; add one with "
                             "'chronicle player add Nobody'")
    assert error_message(unknown) == ("no player is called 'Nobody'; add them in Players "
                                      "(4, then a)")
    assert "--force" not in error_message(ChronicleError("a.pdf exists; add --force to "
                                                         "overwrite it"))
    assert app_terms("add the upgrade card in a [[card]] table or a card file") == (
        "add the upgrade card among the cards (c in its game's screen)")
