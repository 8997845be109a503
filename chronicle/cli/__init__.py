"""The ``chronicle`` command line: a thin front over ``chronicle.services``.

Heavy modules are imported inside each command, so ``chronicle check`` and ``chronicle odds``
never load the database, TUI or PDF stacks. No traceback reaches the user: expected failures
print a message naming the file or value, and anything unexpected is reported as an internal
error (set ``CHRONICLE_DEBUG=1`` to see the traceback).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from chronicle.cli import completion, overview, systems
from chronicle.cli.output import fail
from chronicle.cli.parser import EVERYDAY, build_parser, command_word

__all__ = ["EVERYDAY", "build_parser", "command_word", "main"]


def _completed_words() -> list[str]:
    """The words of the line the shell is completing (argcomplete's ``COMP_LINE``), so that
    the command being completed gets its subcommands."""
    import shlex

    line = os.environ.get("COMP_LINE", "")[:int(os.environ.get("COMP_POINT", "0") or 0) or None]
    try:
        return shlex.split(line)[1:]
    except ValueError:  # an open quote
        return line.split()[1:]


def _damage_said(result: int) -> int:
    """Name each damaged record a list of the command left out (``services.damage``, only
    when the command reached the store); 2 instead of 0 when there was one."""
    damage = sys.modules.get("chronicle.services.damage")
    if damage is None:
        return result
    found = damage.said()
    for text, _left_out in found:
        fail(f"warning: {text}")
    return 2 if any(left_out for _t, left_out in found) and result == 0 else result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = (build_parser(_completed_words(), completing=True) if completion.active()
                  else build_parser(argv))
    except systems.BrokenGroup as exc:
        fail(str(exc))
        return 2
    if completion.active():
        completion.complete(parser)  # the shell asks for completions: answers and exits
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            if sys.stdin.isatty() and sys.stdout.isatty() and not os.environ.get(
                    "CHRONICLE_NO_TUI"):
                from chronicle.tui import run

                return run(args.db)
            return overview.run()
        result: int = args.handler(args)
        return _damage_said(result)
    except KeyboardInterrupt:
        fail("interrupted")
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except Exception as exc:  # the last line of defence: never a traceback
        if os.environ.get("CHRONICLE_DEBUG"):
            raise
        from chronicle.persistence.engine import scrub

        message = scrub(str(exc).splitlines()[0] if str(exc) else "")[:300]
        fail(f"internal error: {type(exc).__name__}: {message} "
             "(set CHRONICLE_DEBUG=1 for details, and please report it)")
        return 3
