"""What Other games loads ahead in idle time (``other_games.prefetch``): every module each
installed game's main screen names in its ``PREFETCH`` exists and imports (the prefetch says
nothing of a failure, so a name mistyped there would only make a first opening slow again), and
the prefetch, run in a fresh process, leaves them imported."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

from chronicle.systems.protocol import load_name
from chronicle.tui.screens.other_games import MAIN, installed_games


def named() -> dict[str, tuple[str, ...]]:
    """Each game's main screen and the modules it names."""
    found: dict[str, tuple[str, ...]] = {}
    for game in installed_games()[0]:
        name = game.screens.get(MAIN)
        if name is not None:
            found[name] = tuple(getattr(load_name(name), "PREFETCH", ()))
    return found


def test_every_module_named_for_prefetch_imports() -> None:
    screens = named()
    assert sum(bool(modules) for modules in screens.values()) >= 3  # the three sister games
    for modules in screens.values():
        for module in modules:
            assert importlib.import_module(module).__name__ == module


def test_the_prefetch_imports_them_in_a_fresh_process() -> None:
    code = ("import json, sys\n"
            "from chronicle.tui.screens.other_games import prefetch\n"
            "before = set(sys.modules)\n"
            "prefetch()\n"
            "print(json.dumps([sorted(before), sorted(sys.modules)]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    before, after = (set(names) for names in json.loads(done.stdout))
    for screen, modules in named().items():
        assert screen.split(":")[0] in after - before
        assert set(modules) <= after, screen
        assert not {module for module in modules if ".systems." in module} & before
