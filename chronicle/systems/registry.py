"""The installed game systems, found through package entry points and loaded only when asked.

Every game registers its :class:`~chronicle.systems.protocol.GameSystem` under the entry-point
group ``chronicle.systems`` (``importlib.metadata``), once per key a file may name: the system
key and each edition key (``wyld-hunt`` and ``ironheart`` both point at Wyld Hunt's value). The
four bundled games register the same way in ``pyproject.toml``; a game shipped as a separate
distribution declares the same group in its own metadata. Entry points are read at install time:
after changing them, reinstall (``pip install -e .``).

Reading the entry points imports no game: :func:`installed` lists the keys from the metadata
alone. :func:`system` imports the one game asked for (its small ``plugin`` module), and
:func:`systems` all of them (``chronicle systems``). Tests add a system with :func:`register`
(or the :func:`registered` context manager) without installing anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from chronicle.systems.protocol import GameSystem, load_name

GROUP = "chronicle.systems"
"""The entry-point group game systems register under."""
HOME_SETTING = "CHRONICLE_HOME_GAME"
"""The setting (an environment variable) naming the home game by one of its keys."""
DEFAULT = "wyld-hunt"
"""The home game when the setting names none: the game whose files predate the ``system``
key. Core code asks :func:`home`, never this."""

_added: dict[str, str | GameSystem] = {}
"""Systems registered in this process (tests), by key: a lazy name or the value itself."""
_found: dict[str, str] | None = None
"""The entry points read from the installed metadata, by key (read once per process)."""
_loaded: dict[str, GameSystem] = {}
_broken: dict[str, str] = {}


class UnknownSystem(LookupError):
    """No installed game system has this key."""

    def __init__(self, key: str, installed: tuple[str, ...]) -> None:
        self.key = key
        self.installed = installed
        known = ", ".join(installed) or "none"
        super().__init__(f"no installed game system is called {key!r} (installed: {known})")


class BadSystem(RuntimeError):
    """An entry point does not lead to a usable ``GameSystem`` (a broken installation)."""


def _entry_points() -> dict[str, str]:
    global _found
    if _found is None:
        _found = _cached_entry_points()
    return _found


def _search_path_stamp() -> list[object]:
    """What changes when a distribution is installed or removed: the import path and the
    modification time of each of its folders (installing adds a ``*.dist-info`` folder)."""
    import os
    import sys

    stamp: list[object] = [sys.version, GROUP]
    for folder in sys.path:
        try:
            stamp.append([folder, os.stat(folder or ".").st_mtime_ns])
        except OSError:
            stamp.append([folder, None])
    return stamp


CACHE_FILE = "entry-points.json"
"""The cache file of the installed entry points (``chronicle.catalog.cachefile``)."""


def _cached_entry_points() -> dict[str, str]:
    """The group's entry points, remembered in the cache folder under the import path's
    stamp: reading every installed distribution's metadata costs a command's start-up as
    much as importing pydantic, and the answer only changes when something is installed. The
    cache holds plain values in the user's own cache folder (``chronicle.catalog.cachefile``);
    one that cannot be read or written, or holds anything but entry points, is ignored."""
    import re

    from chronicle.catalog import cachefile

    stamp = _search_path_stamp()
    cached = cachefile.read(CACHE_FILE)
    if isinstance(cached, dict) and cached.get("stamp") == stamp:
        points = cached.get("points")
        dotted = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")
        if isinstance(points, dict) and all(isinstance(value, str) and dotted.fullmatch(value)
                                            for value in points.values()):
            return dict(points)
    from importlib.metadata import entry_points

    found = {point.name: point.value for point in entry_points(group=GROUP)}
    cachefile.write(CACHE_FILE, {"stamp": stamp, "points": found})
    return found


def home() -> str:
    """The key of the home game: the one whose areas open the app, whose overview, demo, card
    names and whole-database part the generic fronts use, and whose files need not name their
    system. The setting ``CHRONICLE_HOME_GAME`` when it names an installed game, else
    :data:`DEFAULT`; a setting naming no installed game is passed over."""
    import os

    chosen = os.environ.get(HOME_SETTING, "").strip()
    if chosen and chosen != DEFAULT and chosen in installed():
        return system(chosen).key
    return DEFAULT


def installed() -> tuple[str, ...]:
    """Every installed key (systems and editions), sorted; imports no game."""
    return tuple(sorted({*_entry_points(), *_added}))


def system(key: str) -> GameSystem:
    """The game system a file's ``system = key`` names, imported now.

    Raises:
        UnknownSystem: when no installed system has that key.
        BadSystem: when the registration is broken (names nothing, or not a GameSystem).
    """
    if key in _loaded:
        return _loaded[key]
    target: str | GameSystem | None = _added.get(key)
    if target is None:
        target = _entry_points().get(key)
    if target is None:
        raise UnknownSystem(key, installed())
    if isinstance(target, str):
        try:
            value = load_name(target)
        except (ImportError, AttributeError, ValueError) as exc:
            raise BadSystem(f"the game system {key!r} is registered as {target!r}, which "
                            f"cannot be loaded: {exc}") from exc
    else:
        value = target
    if not isinstance(value, GameSystem):
        raise BadSystem(f"the game system {key!r} is registered as {target!r}, which is not "
                        "a GameSystem")
    if key not in value.keys:
        raise BadSystem(f"the game system registered as {key!r} does not list that key "
                        f"(its keys: {', '.join(value.keys)})")
    _loaded[key] = value
    return value


def systems() -> list[GameSystem]:
    """Every installed game system that loads (each once, by its system key), imported now;
    the registrations that do not load are left out and reported by :func:`broken`."""
    found: dict[str, GameSystem] = {}
    for key in installed():
        try:
            one = system(key)
        except BadSystem as exc:
            _broken[key] = str(exc)
            continue
        found.setdefault(one.key, one)
    return [found[key] for key in sorted(found)]


def broken() -> dict[str, str]:
    """The registrations :func:`systems` left out, by key, with why (a broken installation of
    a game must not take the others down)."""
    return {key: why for key, why in _broken.items() if key in installed()}


def title(key: str) -> str:
    """The printed title of the game or edition ``key`` names (``"Arcadia: The Wyld Hunt"``,
    ``"King Ironheart's Madness"``); the key itself when no installed game loads for it."""
    try:
        return system(key).title(key)
    except (UnknownSystem, BadSystem):
        return key


def system_keys() -> tuple[str, ...]:
    """The system keys (no edition keys) of every installed game, imported now."""
    return tuple(one.key for one in systems())


def register(value: GameSystem | str, keys_: tuple[str, ...] | None = None) -> None:
    """Add a game system to this process (tests, or a program embedding Arcadia Chronicle):
    the value itself, or a lazy ``"module:attribute"`` name with the ``keys_`` it serves."""
    if isinstance(value, GameSystem):
        serves = keys_ or value.keys
    elif keys_:
        serves = keys_
    else:
        raise ValueError("a lazily named system needs the keys it serves")
    for key in serves:
        _added[key] = value
        _loaded.pop(key, None)


def unregister(keys_: tuple[str, ...]) -> None:
    """Take back what :func:`register` added for these keys."""
    for key in keys_:
        _added.pop(key, None)
        _loaded.pop(key, None)
        _broken.pop(key, None)


@contextmanager
def registered(value: GameSystem) -> Iterator[GameSystem]:
    """``with registered(TOY): ...`` — the system is installed for the block only."""
    register(value)
    try:
        yield value
    finally:
        unregister(value.keys)


def forget() -> None:
    """Read the entry points again on the next call (after installing a game in-process)."""
    global _found
    _found = None
    _loaded.clear()
    _broken.clear()
