"""The Hunters of Arcfall cards: the bundled catalog, the user's corrections, the catalog's
completeness warning, and located problems in card files."""

from __future__ import annotations

from pathlib import Path

from chronicle.domain.values import Origin
from chronicle.systems.hunters_of_arcfall.cards import Bounty, Die, Hunter, Kind, Result
from chronicle.systems.hunters_of_arcfall.catalog import catalog_violations, load_catalog

HEADER = 'version = 1\ngame = "hunters-of-arcfall"\n'


def write(folder: Path, text: str, name: str = "mine.toml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(HEADER + text, encoding="utf-8")
    return path


def test_the_bundled_catalog_holds_gus_and_a_die_of_unknown_faces(tmp_path: Path) -> None:
    catalog = load_catalog(tmp_path / "none")
    assert catalog.problems == []
    gus = catalog.get("gus", Kind.HUNTER)
    assert isinstance(gus, Hunter) and gus.wounds == 3 and gus.ability is None
    assert gus.source and gus.origin is Origin.BUNDLED
    die = catalog.get("Custom die", Kind.DIE)
    assert isinstance(die, Die) and die.faces is None and die.sides is None
    assert die.missing_faces == tuple(Result)
    assert [c for c in catalog if c.kind is Kind.BOUNTY] == []


def test_fewer_than_the_box_is_a_warning_naming_both_counts(tmp_path: Path) -> None:
    (warning,) = catalog_violations(load_catalog(tmp_path / "none"))
    assert warning.code == "catalog.incomplete_set" and warning.severity.value == "warning"
    assert "1 of the box's 8 hunters" in warning.message
    assert "0 of the box's 44 bounties" in warning.message


def test_a_full_box_gives_no_warning_and_more_gives_extra_cards() -> None:
    hunters = [Hunter(name=f"H{i}") for i in range(8)]
    bounties = [Bounty(name=f"B{i}") for i in range(44)]
    assert catalog_violations([*hunters, *bounties]) == []
    codes = [v.code for v in catalog_violations([*hunters, *bounties, Bounty(name="B44")])]
    assert codes == ["catalog.extra_cards"]
    codes = [v.code for v in catalog_violations([*hunters[:7], *bounties, Bounty(name="B44")])]
    assert codes == ["catalog.incomplete_set", "catalog.extra_cards"]


def test_the_user_fills_in_gus_and_the_die(tmp_path: Path) -> None:
    user = tmp_path / "user"
    write(user, '[[card]]\nname = "Gus"\nkind = "hunter"\nability = "Sets a trap."\n'
                '[[card]]\nname = "custom die"\nkind = "die"\n'
                'faces = { hit = 2, wound = 1, miss = 1, heal = 1, stun = 1 }\n')
    catalog = load_catalog(user)
    gus = catalog.get("Gus", Kind.HUNTER)
    assert isinstance(gus, Hunter)
    assert gus.ability == "Sets a trap." and gus.wounds == 3 and gus.origin is Origin.CORRECTED
    die = catalog.get("Custom die", Kind.DIE)
    assert isinstance(die, Die) and die.sides == 6 and die.faces is not None
    assert die.faces[Result.HIT] == 2


def test_a_face_left_out_is_unknown_not_zero(tmp_path: Path) -> None:
    user = tmp_path / "user"
    write(user, '[[card]]\nname = "Custom die"\nkind = "die"\n'
                'faces = { hit = 3, wound = 1, miss = 1, heal = 1 }\n')
    die = load_catalog(user).get("Custom die", Kind.DIE)
    assert isinstance(die, Die) and die.faces is None and die.missing_faces == (Result.STUN,)


def test_a_bounty_keeps_its_slots_and_chevrons(tmp_path: Path) -> None:
    user = tmp_path / "user"
    write(user, '[[card]]\nname = "Vex"\nkind = "bounty"\nslots = ["Hit", "hit", "stun"]\n'
                'chevrons = [3]\nfortune = 4\nfame = 1\n')
    vex = load_catalog(user).get("vex", Kind.BOUNTY)
    assert isinstance(vex, Bounty)
    assert vex.slots == (Result.HIT, Result.HIT, Result.STUN) and vex.chevrons == (3,)
    assert (vex.fortune, vex.fame) == (4, 1)


def test_bad_cards_are_located_and_skipped(tmp_path: Path) -> None:
    user = tmp_path / "user"
    path = write(user, '[[card]]\nname = "Vex"\nkind = "bounty"\nslots = ["hit"]\n'
                       'chevrons = [2]\n'
                       '[[card]]\nname = "Kel"\nkind = "bounty"\nfortnue = 2\n'
                       '[[card]]\nname = "Die"\nkind = "die"\n'
                       'faces = { hit = 0, wound = 0, miss = 0, heal = 0, stun = 0 }\n'
                       '[[card]]\nname = "Lou"\nkind = "hunter"\nwounds = "3"\n'
                       '[[card]]\nname = "Jo"\nkind = "huntre"\n'
                       '[[card]]\nname = "Ok"\nkind = "bounty"\nfortune = 1\n')
    catalog = load_catalog(user)
    text = "\n".join(str(p) for p in catalog.problems)
    assert len(catalog.problems) == 5, text
    assert all(p.path == str(path) and p.line for p in catalog.problems)
    assert "has 1 slot(s)" in text and "did you mean 'fortune'" in text
    assert "every count is 0" in text and "'huntre'" in text and "'3'" in text
    assert catalog.get("Ok", Kind.BOUNTY) is not None and catalog.get("Vex") is None


def test_every_bundled_card_has_a_source_and_no_invented_value(tmp_path: Path) -> None:
    cards = list(load_catalog(tmp_path / "none"))
    assert cards and all(card.source for card in cards)
    for card in cards:
        if isinstance(card, Bounty):
            raise AssertionError("no bounty is in the public record")
        if isinstance(card, Die):
            assert card.counts == {}, "die faces are not in the public record"
        if isinstance(card, Hunter):
            assert card.ability is None, "no hunter's ability text was found"


def test_the_user_card_folder_is_read_by_default(private_data_dir: Path) -> None:
    write(private_data_dir / "cards" / "hunters-of-arcfall",
          '[[card]]\nname = "Vex"\nkind = "bounty"\nfortune = 4\n')
    vex = load_catalog().get("Vex", Kind.BOUNTY)
    assert isinstance(vex, Bounty) and vex.origin is Origin.USER and vex.fame is None


TANK = '[[card]]\nname = "Tank"\nkind = "hunter"\nwounds = 4\n'


def test_a_hunter_holds_3_wounds_on_every_way_in(tmp_path: Path) -> None:
    """The Hunters: every hunter holds 3 wounds. A card with 4 is refused with the code
    card.hunter_wounds by the card file, the quick reader, the group's cards and an import;
    the odds never use it (issue 27, 7)."""
    from types import SimpleNamespace

    from chronicle.catalog import group
    from chronicle.services.importer import Problems, _check_records
    from chronicle.systems.hunters_of_arcfall import KEY
    from chronicle.systems.hunters_of_arcfall.check import bust_for
    from chronicle.systems.hunters_of_arcfall.quickcheck import card_data

    folder = tmp_path / "cards"
    write(folder, TANK + '\n[[card]]\nname = "Three"\nkind = "hunter"\nwounds = 3\n')
    catalog = load_catalog(folder)
    (problem,) = catalog.problems
    assert (problem.code, problem.card, problem.field, problem.line) == (
        "card.hunter_wounds", "Tank", "wounds", 6)
    assert "4 wounds; every hunter holds 3" in problem.message and problem.hint
    assert catalog.get("Tank", Kind.HUNTER) is None                # refused, not half-read
    assert isinstance(catalog.get("Three", Kind.HUNTER), Hunter)
    # The quick reader vouches only for 3 and hands 4 to the models, which refuse it.
    assert card_data({"name": "A", "kind": "hunter", "wounds": 3}) is not None
    assert card_data({"name": "A", "kind": "hunter", "wounds": 4}) is None
    # `odds bust --hunter Tank`: no such hunter (exit 2), the refused card said.
    odds = bust_for(1, 3, hunter="Tank", user_cards_dir=folder)
    assert odds.exit_code == 2 and odds.violations[0].code == "card.unknown"
    assert [p.code for p in odds.catalog_problems] == ["card.hunter_wounds"]
    # The group's cards (a shared database).
    group.use(KEY, [{"name": "Tank", "kind": "hunter", "wounds": 4}])
    try:
        assert [p.code for p in load_catalog(tmp_path / "none").problems] == \
            ["card.hunter_wounds"]
    finally:
        group.forget()
    # `chronicle db import` / `restore`: the export's group card is refused, by its JSON path.
    problems = Problems()
    _check_records(SimpleNamespace(players=[], records=[], group_cards=[SimpleNamespace(
        game=KEY, card={"name": "Tank", "kind": "hunter", "wounds": 4})]), problems)
    assert len(problems.items) == 1
    assert problems.items[0].startswith("group_cards[0].card.wounds: card.hunter_wounds: ")
