"""The entries the fronts call: ``check_path`` (what ``chronicle check`` runs on a file with
``system = "hunters-of-arcfall"``) and ``bust_for`` (``chronicle odds bust``).

``check_path`` reads the game log, builds the catalog (bundled cards, the user's, the log's own)
and checks the game. Exit status: 0 without errors, 1 when a rule is broken, 2 when the file
cannot be used. ``bust_for`` exits 0 with odds, 1 while the die's faces are unknown, 2 for
impossible dice or wounds and for a die or hunter the catalog does not have.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from chronicle.catalog.outcome import CheckOutcome
from chronicle.catalog.problems import FileProblem
from chronicle.rules.report import Report, Violation
from chronicle.systems.hunters_of_arcfall.codes import CARD_UNKNOWN
from chronicle.systems.hunters_of_arcfall.odds import BustOdds
from chronicle.systems.hunters_of_arcfall.rules.replay import GameState


@dataclass
class CheckResult(CheckOutcome):
    """The outcome of checking one game log (every game's ``CheckOutcome``), with the state
    the replay reached."""

    kind: str = "game"
    state: GameState | None = None


def check_path(path: Path, user_cards_dir: Path | None = None) -> CheckResult:
    """Check a game-log file. ``user_cards_dir`` overrides the user's card folder."""
    from chronicle.systems.hunters_of_arcfall.catalog import catalog_violations, load_catalog
    from chronicle.systems.hunters_of_arcfall.quickcheck import quick_game
    from chronicle.systems.hunters_of_arcfall.rules.check import check_game

    loaded, parsed = quick_game(path)
    if parsed is not None:  # not plainly valid: the models judge it (files.load_game)
        from chronicle.systems.hunters_of_arcfall.gamelogfile import read_document

        loaded = read_document(parsed[0], path, parsed[1])
    if loaded.problems or loaded.log is None:
        return CheckResult(path, problems=loaded.problems)
    catalog = load_catalog(user_cards_dir, loaded.cards)
    result = CheckResult(path, catalog_problems=list(catalog.problems))
    result.report, result.state = check_game(loaded.log, catalog, catalog_violations(catalog))
    return result


def check_cards(directory: Path) -> Report:
    """What the rules say of the card files of ``directory`` by themselves (the bundled cards;
    ``GameSystem.card_check``): how the catalog compares with the box (warnings); a card that
    breaks a rule the card format holds (a hunter's 3 wounds) is a problem of its file."""
    from chronicle.systems.hunters_of_arcfall.catalog import catalog_violations, load_catalog

    catalog = load_catalog(directory / "(no user cards)", bundled_dir=directory)
    found = Report(catalog_violations(catalog))
    found.summary = {"cards": len(list(catalog)),
                     "problems": [str(p) for p in catalog.problems]}
    return found


@dataclass
class OddsResult:
    """The outcome of ``chronicle odds bust``: the odds, or why there are none."""

    odds: BustOdds | None = None
    violations: list[Violation] = field(default_factory=list)
    """``card.incomplete`` (the die's faces are not entered) or ``card.unknown``."""
    refused: str | None = None
    """Dice or wounds out of range: the allowed range."""
    catalog_problems: list[FileProblem] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 with odds, 1 when a card value is missing, 2 when the request is impossible or
        names a card the catalog does not have (``card.unknown``, the nearest name said)."""
        if self.refused is not None or any(v.code == CARD_UNKNOWN.code
                                           for v in self.violations):
            return 2
        return 0 if self.odds is not None else 1


def bust_for(dice: int, wounds: int, *, die: str | None = None, hunter: str | None = None,
             user_cards_dir: Path | None = None) -> OddsResult:
    """The bust and hit odds with the catalog's die and the hunter's capacity."""
    from chronicle.systems.hunters_of_arcfall.catalog import load_catalog
    from chronicle.systems.hunters_of_arcfall.odds import OddsInputError, odds_from_catalog

    catalog = load_catalog(user_cards_dir)
    result = OddsResult(catalog_problems=list(catalog.problems))
    try:
        result.odds, result.violations = odds_from_catalog(catalog, dice, wounds, die=die,
                                                           hunter=hunter)
    except OddsInputError as exc:
        result.refused = str(exc)
    return result
