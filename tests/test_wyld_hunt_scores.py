"""Effective scores (issue 29, item 1): a Merit's or Flaw's ``score_changes`` as card data,
applied by the rules (golden cases in ``golden/scores.toml``), shown by ``character show``, and
``chronicle odds test CHARACTER WAYLAY`` with the effective score, the Waylay's Attribute and
the edition's dice, or the unknown values named (exit 1) and unknown names (exit 2)."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dbfixtures import cli

from chronicle.domain.values import Origin
from chronicle.rules import dice
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt import cards as c
from chronicle.systems.wyld_hunt.cards import (
    Flaw,
    Icon,
    Kind,
    Merit,
    ScoreChange,
    When,
    card_from_data,
    card_to_dict,
    describe_score_changes,
    parse_score_changes,
)
from chronicle.systems.wyld_hunt.check import check_file
from chronicle.systems.wyld_hunt.rules.scores import effective_scores
from chronicle.systems.wyld_hunt.schema import SCHEMA
from chronicle.systems.wyld_hunt.services import usercards
from chronicle.systems.wyld_hunt.services.demo import run_demo

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES: list[dict[str, Any]] = tomllib.loads(
    (GOLDEN / "scores.toml").read_text(encoding="utf-8"))["scores"]


@pytest.fixture(autouse=True)
def _no_group_layer() -> Iterator[None]:
    """The group's cards a test's database gave are forgotten after it."""
    yield
    usercards.forget_group()


def _shown(value: Any) -> Any:
    return "?" if value is None else value


def _card_line(card: dict[str, Any], attribute: str) -> str:
    text = f"{card['card']} {card['change']:+d}"
    if card["attribute"] != attribute:
        text += f" ({card['attribute'].title()})"
    return text + (" always" if card["when"] == "always" else "")


@pytest.mark.parametrize("case", CASES, ids=[Path(c["file"]).stem for c in CASES])
def test_golden_effective_scores(case: dict[str, Any]) -> None:
    result = check_file(GOLDEN / case["file"])
    assert result.report is not None, [p.message for p in result.problems]
    scores = result.report.summary["scores"]
    for attribute in ("might", "savvy", "resolve", "combat"):
        got = scores[attribute]
        actual = {"base": _shown(got["base"]), "effective": _shown(got["effective"]),
                  "cards": [_card_line(c, attribute) for c in got["cards"]]}
        assert actual == case[attribute], f"{case['file']}: {attribute}"
        assert got["unknown_cards"] == case["unknown"], case["file"]


def _merit(name: str, changes: tuple[ScoreChange, ...] | None) -> Merit:
    return Merit(name=name, kind=Kind.MERIT, score_changes=changes)


def test_an_exhausted_card_counts_only_its_always_changes() -> None:
    """"While a Merit is exhausted you do not benefit from any of its effects" (Exhausting and
    Recovering Merits); an ``always`` change holds (the card's own rule); an exhausted card
    whose changes are unknown leaves nothing unknown."""
    icon = Icon(name="Imp", kind=Kind.ICON, might=2, savvy=3, resolve=1)
    sword = _merit("Sidhe Sword", (ScoreChange(attribute=c.TestType.COMBAT, change=1),))
    charm = _merit("Charm", (ScoreChange(attribute=c.TestType.SAVVY, change=2,
                                         when=When.ALWAYS),))
    mystery = _merit("Mystery", None)
    curse = Flaw(name="Curse", kind=Kind.FLAW,
                 score_changes=(ScoreChange(attribute=c.TestType.MIGHT, change=-1),))
    active = effective_scores(icon, [sword, charm, mystery], [curse])
    assert active[c.TestType.COMBAT].effective is None
    assert active[c.TestType.COMBAT].unknown_cards == ("Mystery",)
    down = effective_scores(icon, [sword, charm, mystery], [curse],
                            exhausted={"sidhe sword", "CHARM", "Mystery", "Curse"})
    assert down[c.TestType.COMBAT].effective == 2
    assert down[c.TestType.SAVVY].effective == 5
    assert down[c.TestType.MIGHT].effective == 2
    assert down.exhausted == ("Sidhe Sword", "Charm", "Mystery", "Curse")
    flaw_only = effective_scores(icon, [sword, charm], [curse], exhausted={"Mystery"})
    assert flaw_only[c.TestType.COMBAT].effective == 2  # Might 2, Curse -1, Sword +1
    assert flaw_only[c.TestType.MIGHT].effective == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("Might+1", [("might", 1, "active")]),
    ("combat -2 always; Savvy +3", [("combat", -2, "always"), ("savvy", 3, "active")]),
    ("RESOLVE+1 (active)", [("resolve", 1, "active")]),
    ("none", []),
])
def test_score_changes_typed_as_text(text: str, expected: list[tuple[str, int, str]]) -> None:
    data = SCHEMA.validate({"name": "X", "kind": "merit", "score_changes": text})
    card = card_from_data(data, Origin.USER, None)
    assert isinstance(card, Merit) and card.score_changes is not None
    assert [(c.attribute.value, c.change, c.when.value) for c in card.score_changes] == expected
    again = describe_score_changes(card.score_changes)
    assert again is not None and parse_score_changes(again) == [
        {"attribute": a, "change": n, "when": w} for a, n, w in expected]
    assert card_to_dict(card)["score_changes"] == [
        {"attribute": a, "change": n, "when": w} for a, n, w in expected]


@pytest.mark.parametrize("bad", ["Mite+1", "Might", "Might+1 sometimes", ",", "Might+99",
                                 "Luck+1"])
def test_bad_score_changes_are_refused_with_the_form_expected(bad: str) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError) as raised:
        SCHEMA.validate({"name": "X", "kind": "flaw", "score_changes": bad})
    assert "score_changes" in str(raised.value)


def test_unknown_is_not_none_in_card_files() -> None:
    """Absent stays unknown (None); ``[]`` is "known: no change", and is written back."""
    unknown = card_from_data({"name": "A", "kind": "merit"}, Origin.USER, None)
    none = card_from_data({"name": "B", "kind": "merit", "score_changes": []}, Origin.USER, None)
    assert isinstance(unknown, Merit) and unknown.score_changes is None
    assert isinstance(none, Merit) and none.score_changes == ()
    assert "score_changes" not in usercards.card_file_entry(unknown)
    assert usercards.card_file_entry(none)["score_changes"] == []


# The command line, on the rulebook's demo group ---------------------------------------------


@pytest.fixture
def demo(db_url: str) -> str:
    run_demo(open_database(db_url))
    return db_url


def test_character_show_and_odds_test_by_names(demo: str) -> None:
    code, out, _ = cli("--db", demo, "character", "show", "Annoyicus")
    assert code == 0
    assert "Combat    2 -> ?" in out
    assert "Score changes not known yet: Fuddle, Willow-Whisper, Protocol, Chameleon" in out

    code, out, _ = cli("--db", demo, "odds", "test", "Annoyicus", "Manticora")
    assert code == 1
    assert "Fuddle's score changes" in out and "Manticora's Combat 4" in out
    assert "fix: chronicle cards new Fuddle --kind merit --score-changes CHANGES" in out
    code, out, _ = cli("--db", demo, "odds", "test", "Annoyicus", "Manticora", "--json")
    data = json.loads(out)
    assert code == 1 and not data["complete"] and data["tests"][0]["mine"] is None
    assert "Chameleon's score changes" in data["unknown"]

    for name in ("Fuddle", "Willow-Whisper", "Protocol"):
        assert cli("--db", demo, "cards", "new", name, "--kind", "merit", "--score-changes",
                   "none")[0] == 0
    code, out, _ = cli("--db", demo, "cards", "new", "Chameleon", "--kind", "merit",
                       "--score-changes", "Savvy+1")
    assert code == 0 and "Savvy+1" in out

    code, out, _ = cli("--db", demo, "character", "show", "Annoyicus")
    assert "Savvy     3 -> 4  (Chameleon +1)" in out and "Combat    2\n" in out
    code, out, _ = cli("--db", demo, "character", "show", "Annoyicus", "--json")
    savvy = json.loads(out)["summary"]["scores"]["savvy"]
    assert (savvy["base"], savvy["effective"], savvy["difference"]) == (3, 4, 1)
    assert savvy["cards"] == [{"card": "Chameleon", "kind": "merit", "change": 1,
                               "attribute": "savvy", "when": "active"}]

    code, out, _ = cli("--db", demo, "odds", "test", "Annoyicus", "Manticora")
    odds = dice.test_odds(2, 4, 1)
    assert code == 0
    assert "Combat Test: 2 (Might 2) against Manticora's Combat 4" in out
    assert f"{'win':<5}{odds.win!s:>8}" in out and f"{'lose':<5}{odds.lose!s:>8}" in out
    code, out, _ = cli("--db", demo, "odds", "test", "annoyicus", "manticora", "--json",
                       "--dice", "2")
    data = json.loads(out)
    two = dice.test_odds(2, 4, 2)
    assert code == 0 and data["dice"] == 2 and data["complete"]
    assert (data["tests"][0]["mine"], data["tests"][0]["theirs"]) == (2, 4)
    assert data["tests"][0]["win"] == str(two.win) and data["tests"][0]["tie"] == str(two.tie)

    code, out, _ = cli("--db", demo, "odds", "test", "Annoyicus", "Hurricane", "--test",
                       "savvy")
    assert code == 1 and "prints no Savvy number" in out
    code, out, _ = cli("--db", demo, "odds", "test", "Annoyicus", "Arborian Oak-kin")
    assert code == 1 and "Arborian Oak-kin's Test types" in out


def test_odds_test_names_refused_and_numbers_kept(demo: str) -> None:
    code, _, err = cli("--db", demo, "odds", "test", "Anoyicus", "Manticora")
    assert code == 2 and "did you mean 'Annoyicus'?" in err
    code, _, err = cli("--db", demo, "odds", "test", "Annoyicus", "Mantikora")
    assert code == 2 and "did you mean 'Manticora'?" in err
    code, _, err = cli("--db", demo, "odds", "test", "Annoyicus", "4")
    assert code == 2 and "not one of each" in err
    code, out, _ = cli("--db", demo, "odds", "test", "3", "4")
    odds = dice.test_odds(3, 4)
    assert code == 0 and out.startswith("Test: 3 against 4, one die each")
    assert f"{'win':<5}{odds.win!s:>8}" in out
    code, _, err = cli("--db", demo, "cards", "new", "Fuddle", "--kind", "merit",
                       "--score-changes", "Mite+1")
    assert code == 2 and "not a score change" in err


def test_odds_test_rolls_the_dice_of_the_characters_edition(demo: str) -> None:
    """King Ironheart's Madness rolls two dice: a Djinn of that edition, with no card whose
    changes are unknown, against the Forest Spiders (Might 2)."""
    assert cli("--db", demo, "collection", "add", "Djinn Male", "--player", "Tim")[0] == 0
    assert cli("--db", demo, "character", "new", "Zephyr", "--player", "Tim", "--system",
               "ironheart", "--icon", "Djinn Male")[0] == 0
    code, out, _ = cli("--db", demo, "odds", "test", "Zephyr", "Forest Spiders")
    odds = dice.test_odds(3, 2, 2)
    assert code == 0 and "2 dice each (the dice of King Ironheart's Madness)" in out
    assert "Might Test: 3 (base 3) against Forest Spiders' Might 2" in out
    assert f"{'win':<5}{odds.win!s:>8}" in out


def test_typed_fields_are_the_schemas_fields() -> None:
    """The fields the fronts offer as text are fields of the card models of those kinds (and
    of no other kind), so the command line's flag and the app's form read the one schema."""
    for name, typed in c.TYPED_FIELDS.items():
        for kind in c.Kind:
            assert (name in SCHEMA.fields(kind.value)) == (kind in typed.kinds), (name, kind)
