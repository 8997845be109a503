"""The app's areas (its modes): the home system's (the registry's default game: ``areas`` in
its ``GameSystem``), then the app's own Players and Other games, each on the next number key.
Only the home system's small ``plugin`` module is read to build them; an area's screen is
imported when the area is first shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding, BindingsMap, BindingType

if TYPE_CHECKING:
    from chronicle.systems.protocol import GameSystem


@dataclass(frozen=True)
class AppArea:
    """One of the app's areas: its mode, title, palette line and how its screen is made."""

    mode: str
    title: str
    summary: str
    screen: str
    """Lazy ``"module:Class"`` name of its screen (constructed with no arguments)."""
    shows_player: bool = False
    """Players' enter shows the highlighted player here (``screen.show_player(name)``)."""
    prebuilt: bool = True
    """Its screen is built in idle time after the first paint (``ChronicleApp.prebuilds``)."""


OWN_AREAS = (
    AppArea("players", "Players", "Add, rename or delete players; their collections",
            "chronicle.tui.screens.players:PlayersScreen"),
    AppArea("other", "Other games", "The other installed games, each in its own screen",
            "chronicle.tui.screens.other_games:OtherGamesScreen"),
)
"""The app's own areas, after the home system's (Other games, built in idle time, also loads
ahead what the other games' screens need)."""


def home_system() -> GameSystem | None:
    """The home system (the registry's default game), None when it is not installed."""
    from chronicle.systems import registry

    try:
        return registry.system(registry.home())
    except (registry.UnknownSystem, registry.BadSystem):
        return None


def app_areas(home: GameSystem | None) -> tuple[AppArea, ...]:
    """The home system's areas, then the app's own (at most nine: the keys 1 to 9)."""
    screens = home.screens if home is not None else {}
    found = [AppArea(area.name, area.title, area.summary, screens[area.screen],
                     area.shows_player)
             for area in (home.home.areas if home is not None else ()) if area.screen in screens]
    return (*found, *OWN_AREAS)[:9]


def area_bindings(areas: tuple[AppArea, ...]) -> list[BindingType]:
    """The number keys: the first shown in the footer for them all ("1-5 Areas"), the
    others hidden (the help lists them)."""
    tour = " · ".join(f"{number} {area.title}" for number, area in enumerate(areas, 1))
    return [Binding(str(number), f"open_mode({area.mode!r})",
                    "Areas" if number == 1 else area.title, show=number == 1,
                    key_display=f"1-{len(areas)}" if number == 1 else None,
                    tooltip=tour if number == 1 else "")
            for number, area in enumerate(areas, 1)]


def with_areas(bindings: BindingsMap, areas: list[BindingType]) -> BindingsMap:
    """The app's bindings with the area keys after Textual's own (ctrl+q, ctrl+c) and before
    the app's: the order the footer and the help list them in."""
    inherited = App._merged_bindings.key_to_bindings if App._merged_bindings else {}
    keys = bindings.key_to_bindings
    return BindingsMap.merge([
        BindingsMap.from_keys({key: found for key, found in keys.items() if key in inherited}),
        BindingsMap(areas),
        BindingsMap.from_keys({key: found for key, found in keys.items()
                               if key not in inherited})])


__all__ = ["OWN_AREAS", "AppArea", "app_areas", "area_bindings", "home_system", "with_areas"]
