"""The bounty drawn, asked in the app (``d`` at the table): its name and, for a bounty the
catalog lacks, its Fortune and Fame read off the card (``3 1``), entered for the game and the
group as ``chronicle hunt card`` does. One dialog for both: a bad value (no name, Fortune and
Fame that are not two whole numbers) stays in its field with the message under it, so nothing
typed is lost and nothing typed lands on the table's keys. Returns the bounty's name and its
Fortune and Fame when they are to be entered, or None."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.systems.hunters_of_arcfall.screens.fields import Field, FieldsDialog

if TYPE_CHECKING:
    from chronicle.systems.hunters_of_arcfall.catalog import HuntersCatalog

Drawn = tuple[str, "tuple[int, int] | None"]
"""The bounty drawn, and its Fortune and Fame when the catalog lacks them."""
VALUE_MAX = 99
"""The most Fortune or Fame the dialog takes (a bounty card prints a one- or two-digit
value)."""


def worth(text: str) -> tuple[int, int] | str:
    """``3 1`` (or ``3, 1``) as Fortune and Fame; what is wrong with it otherwise."""
    parts = text.replace(",", " ").split()
    if len(parts) != 2 or not all(p.isdecimal() and p.isascii() and len(p) < 9 for p in parts):
        shown = text.strip()[:20]
        return ("Give two whole numbers, Fortune then Fame, as the card prints them (e.g. 3 1)"
                + (f", not {shown!r}." if shown else "."))
    fortune, fame = int(parts[0]), int(parts[1])
    if fortune > VALUE_MAX or fame > VALUE_MAX:
        return f"Fortune and Fame are 0 to {VALUE_MAX} on a card."
    return fortune, fame


class BountyDialog(FieldsDialog["Drawn"]):
    """Which bounty was drawn (and its values when the catalog lacks it)."""

    def __init__(self, catalog: HuntersCatalog) -> None:
        super().__init__("Bounty drawn", [
            Field("name", "The bounty's name"),
            Field("worth", "Fortune and Fame", placeholder="e.g. 3 1"),
        ], "Enter on the name draws a bounty the catalog knows; for one it lacks, give its "
           "Fortune and Fame from the card.")
        self.catalog = catalog

    def known(self, name: str) -> bool:
        """Whether the catalog knows the bounty ``name``."""
        return self.catalog.get(name, "bounty") is not None

    def submitted(self, key: str) -> bool:
        if key == "name":
            self.action_save()
            return True
        return False

    def action_save(self) -> None:
        """Close with the bounty when it is known or its values are given."""
        from chronicle.domain.limits import name_problem

        name = " ".join(self.value("name").split())
        wrong = name_problem(name, "the bounty's name")
        if wrong:
            self.problem("name", wrong[:1].upper() + wrong[1:] + ".")
            return
        if self.known(name) and not self.value("worth").strip():
            self.dismiss((name, None))
            return
        if not self.value("worth").strip():
            self.status(f"{name} is not in the catalog: give its Fortune and Fame from the "
                        "card (e.g. 3 1); it is entered for this game and the group.",
                        problem=True)
            self.field("worth").focus()
            return
        found = worth(self.value("worth"))
        if isinstance(found, str):
            self.problem("worth", found, select=True)
            return
        self.dismiss((name, found))
