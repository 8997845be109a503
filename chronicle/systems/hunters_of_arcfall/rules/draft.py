"""A turn being entered at the table, one key at a time, before it goes into the log.

``TurnDraft`` follows the turn as the dice fly: bounties drawn (only when none is active) and
captured (the active one), wounds as they land (one more than the hunter holds is fatal and
ends the turn), heals (at most 3; each clears the wounds), the once-per-game ability. It refuses
at once what the rules would refuse later, with a sentence for the table, and gives the
``TurnPlayed`` to append. Pure: the app keeps one and shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chronicle.systems.hunters_of_arcfall import MAX_HEALS, WOUND_CAPACITY
from chronicle.systems.hunters_of_arcfall.log import End, TurnPlayed


class DraftError(ValueError):
    """A step the rules do not allow now; the message says why and what to do."""


@dataclass
class TurnDraft:
    """The turn of ``player`` so far. ``active`` is the bounty on the table."""

    player: str
    active: str | None = None
    capacity: int = WOUND_CAPACITY
    ability_spent: bool = False
    """The hunter's ability was used in an earlier turn."""
    drawn: list[str] = field(default_factory=list)
    captured: list[str] = field(default_factory=list)
    heals: int = 0
    ability: bool = False
    wounds: int = 0

    @property
    def fatal(self) -> bool:
        """More wounds than the hunter holds: the turn is over, captured bounties lost."""
        return self.wounds > self.capacity

    def draw(self, name: str) -> None:
        """A bounty drawn: only when none is active (On Your Turn, step 1)."""
        name = " ".join(name.split())
        if not name:
            raise DraftError("name the bounty drawn")
        if self.active is not None:
            raise DraftError(f"{self.active} is still active: a bounty is drawn only when "
                             "none is present; capture it first")
        self.drawn.append(name)
        self.active = name

    def capture(self) -> str:
        """The active bounty captured (its last slot filled); returns its name."""
        if self.active is None:
            raise DraftError("no bounty is active: draw one first")
        name = self.active
        self.captured.append(name)
        self.active = None
        return name

    def wound(self, count: int = 1) -> bool:
        """Wounds rolled; True when the hunter is now fatally wounded."""
        self.wounds = max(0, self.wounds + count)
        return self.fatal

    def heal(self) -> None:
        """One heal: the wound dice go back into play (step 6; at most 3 a turn)."""
        if self.heals >= MAX_HEALS:
            raise DraftError(f"at most {MAX_HEALS} heals a turn")
        self.heals += 1
        self.wounds = 0

    def use_ability(self) -> bool:
        """Mark (or unmark) the hunter's ability as used this turn; returns whether it is."""
        if not self.ability and self.ability_spent:
            raise DraftError("the hunter's ability works once per game and was used already")
        self.ability = not self.ability
        return self.ability

    def finish(self, end: End) -> TurnPlayed:
        """The turn to append, ended as ``end`` (a fatal wound always ends it as wounded)."""
        if self.fatal:
            end = End.WOUNDED
        return TurnPlayed(player=self.player, drawn=tuple(self.drawn),
                          captured=tuple(self.captured), ability=self.ability, end=end,
                          heals=self.heals)

    def summary(self) -> str:
        """The turn so far, in one line."""
        parts = [f"wounds {self.wounds}/{self.capacity}", f"heals {self.heals}/{MAX_HEALS}",
                 "ability used" if self.ability else
                 ("ability spent" if self.ability_spent else "ability ready")]
        if self.drawn:
            parts.append(f"drew {', '.join(self.drawn)}")
        if self.captured:
            parts.append(f"captured {', '.join(self.captured)}")
        return " · ".join(parts)
