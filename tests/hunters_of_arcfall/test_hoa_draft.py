"""A turn entered key by key: what the table may do next, refused at once with a sentence, and
the turn it gives matches what the rules replay (a fatal wound always ends it as wounded)."""

from __future__ import annotations

import pytest

from chronicle.systems.hunters_of_arcfall.log import End
from chronicle.systems.hunters_of_arcfall.rules.draft import DraftError, TurnDraft


def test_draw_capture_draw_again_then_claim() -> None:
    draft = TurnDraft("Ana", active="Vex")
    assert draft.capture() == "Vex"
    draft.draw("  Old   Mog ")
    assert draft.capture() == "Old Mog"
    draft.heal()
    turn = draft.finish(End.CLAIMED)
    assert (turn.drawn, turn.captured, turn.heals, turn.end) == (("Old Mog",),
                                                                ("Vex", "Old Mog"), 1,
                                                                End.CLAIMED)


@pytest.mark.parametrize(("steps", "said"), [
    (["capture"], "no bounty is active"),
    (["draw", "draw"], "still active"),
    (["heal", "heal", "heal", "heal"], "at most 3 heals"),
    (["blank"], "name the bounty"),
])
def test_what_the_rules_forbid_is_refused_at_once(steps: list[str], said: str) -> None:
    draft = TurnDraft("Ana")
    with pytest.raises(DraftError, match=said):
        for step in steps:
            {"capture": draft.capture, "draw": lambda: draft.draw("B"),
             "heal": draft.heal, "blank": lambda: draft.draw("   ")}[step]()


def test_a_fourth_wound_is_fatal_and_a_heal_clears_wounds() -> None:
    draft = TurnDraft("Bo", active="Vex", capacity=3)
    assert not draft.wound(3)
    draft.heal()
    assert draft.wounds == 0 and not draft.wound(2)
    draft.capture()
    assert draft.wound(2) and draft.finish(End.CLAIMED).end is End.WOUNDED


def test_the_ability_works_once_per_game() -> None:
    fresh = TurnDraft("Cy")
    assert fresh.use_ability() and not fresh.use_ability()        # a slip of the key undone
    with pytest.raises(DraftError, match="once per game"):
        TurnDraft("Cy", ability_spent=True).use_ability()
    assert "ability ready" in fresh.summary() and "wounds 0/3" in fresh.summary()
