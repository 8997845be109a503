"""Issue 26 walked through again as a new user, on SQLite and PostgreSQL: what the commands say
after a card is named by another of its names (the card's own name, never the text typed), a
campaign judged on its cards' own names before it is stored (a Spanish discard is the card the
guild holds), and a correction saying only what it changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_card_front import CAMPAIGN as SPANISH_CAMPAIGN
from test_card_front import HUNTERS, QUEST, TALES, cli, ok, url

__all__ = ["url"]         # the fixture: a database with the players Ann and Bob


def test_a_unit_added_by_another_of_its_names_is_said_by_its_own(url: str) -> None:
    ok(url, "cards", "new", "Gearknight", "--system", TALES, "--kind", "unit", "--aliases",
       "Caballero de latón")
    ok(url, "force", "new", "Vanguard", "--player", "Ann", "--army", "Clockwork Legion",
       "--limit", "500")
    out = ok(url, "force", "add", "Vanguard", "CABALLERO DE LATÓN", "--count", "2")
    assert out.startswith("Added 2× Gearknight to Vanguard.") and "CABALLERO" not in out


def test_a_correction_says_only_the_values_it_changes(url: str) -> None:
    ok(url, "army", "unit", "Ghoul", "--army", "Bone Tide", "--cost", "25", "--power", "3")
    out = ok(url, "army", "unit", "ghoul", "--army", "Bone Tide", "--cost", "25")
    assert "nothing changed" in out and "corrected:" not in out
    out = ok(url, "army", "unit", "GHOUL", "--army", "Bone Tide", "--cost", "26")
    assert "corrected: cost;" in out
    code, out, err = cli(url, "cards", "new", "Ghoul", "--system", TALES, "--kind", "unit",
                         "--power", "3", "--speed", "4", "--json")
    assert code == 0, err
    (card,) = json.loads(out)["cards"]
    assert card["corrected"] == ["speed"] and card["cost"] == 26 and card["power"] == 3


CAMPAIGN = SPANISH_CAMPAIGN.replace('player = "Ana"', 'player = "Ann"').replace(
    'player = "Ben"', 'player = "Bob"')
"""The Spanish campaign with the players Ann and Bob."""


def played(url: str, tmp_path: Path) -> None:
    """The Spanish campaign imported and its first scenario played, blue winning."""
    path = tmp_path / "invierno.toml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    ok(url, "campaign", "import", str(path))
    ok(url, "scenario", "record", "Invierno", "Distrito de Martillos", "--winner", "blue",
       "--guild", "blue", "--quest", "Break the forge", "--quest", "Free the smiths",
       "--monsters", "3", "--guild", "green")


def test_a_campaign_is_judged_on_its_cards_own_names(url: str, tmp_path: Path) -> None:
    """A discard, a correction and a purchase named in Spanish are the cards the guild holds:
    the rules judge them so, and the refusals name the card, never the text typed."""
    ok(url, "cards", "new", "Fire Sword", "--system", QUEST, "--kind", "upgrade", "--cost",
       "4", "--level", "1", "--aliases", "Espada de fuego")
    played(url, tmp_path)
    # a card bought at the wrong level, named in Spanish: the refusal names the card
    code, _out, err = cli(url, "upgrade", "record", "Invierno", "--guild", "blue", "--buy",
                          "hoja oxidada", "--guild", "green")
    assert code == 1 and "upgrade.wrong_level" in err
    assert "Rusty Blade is a level starter card" in err and "hoja oxidada" not in err
    # the Spanish discard is the card held: no inventory.not_owned
    out = ok(url, "upgrade", "record", "Invierno", "--guild", "blue", "--buy",
             "espada de fuego", "--discard", "HOJA DE PARADA", "--guild", "green")
    assert "inventory.not_owned" not in out
    shown = json.loads(ok(url, "campaign", "show", "Invierno", "--json"))
    held = [c for cards in shown["guilds"]["blue"]["slots"].values() for c in cards]
    assert "Parrying Blade" not in held
    # a correction removing a card by its Spanish name: the card, said by its name
    code, _out, err = cli(url, "campaign", "correct", "Invierno", "--guild", "green",
                          "--note", "n", "--add-card", "tirachinas")
    assert code == 1 and "inventory.duplicate" in err and "Slingshot" in err \
        and "tirachinas" not in err
    before = shown["guilds"]["green"]["upgrades"]
    out = ok(url, "campaign", "correct", "Invierno", "--guild", "green", "--note", "lost it",
             "--remove-card", "TIRACHINAS")          # held: removed, no inventory.not_owned
    assert "inventory.not_owned" not in out
    shown = json.loads(ok(url, "campaign", "show", "Invierno", "--json"))
    assert shown["guilds"]["green"]["upgrades"] == before - 1


def test_a_campaign_file_discarding_a_card_by_its_spanish_name_imports(url: str,
                                                                       tmp_path: Path) -> None:
    """A file whose upgrade phase discards a starting card by its Spanish name is the card the
    guild holds (checked on the cards' own names before anything is stored)."""
    ok(url, "cards", "new", "Fire Sword", "--system", QUEST, "--kind", "upgrade", "--cost",
       "4", "--level", "1", "--aliases", "Espada de fuego")
    text = CAMPAIGN + """
[[scenario]]
name = "Distrito de Martillos"
winner = "blue"

[[scenario.guild]]
color = "blue"
quests = ["Break the forge", "Free the smiths"]
monster_coins = 3

[[scenario.guild]]
color = "green"

[[scenario.upgrade]]
color = "blue"
bought = ["Espada de fuego"]
discarded = ["hoja de parada"]
"""
    path = tmp_path / "invierno.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli(url, "campaign", "import", str(path), "--json")
    assert code == 0, out + err
    assert "inventory.not_owned" not in out


def test_a_dies_unknown_faces_give_the_command_that_enters_them(url: str) -> None:
    code, out, err = cli(url, "odds", "bust", "--dice", "3", "--wounds", "1", "--json")
    (violation,) = json.loads(out)["violations"]
    assert code == 1 and violation["code"] == "card.incomplete", err
    command = violation["fixes"]["cli"]
    assert command.startswith('chronicle cards new "Custom die" --system hunters-of-arcfall '
                              "--kind die --faces ")
    code, out, err = cli(url, "odds", "bust", "--dice", "3", "--wounds", "1")
    assert code == 1 and "(fix: chronicle cards new" in out + err
    import shlex

    argv = shlex.split(command.replace("=N", "=1"))[1:]
    ok(url, *argv)
    code, out, err = cli(url, "odds", "bust", "--dice", "3", "--wounds", "1", "--json")
    assert code == 0 and json.loads(out)["kind"] == "bust", err


@pytest.mark.parametrize(("game", "kind"), [("wyld-hunt", "merit"), (TALES, "keyword"),
                                            (QUEST, "upgrade"), (HUNTERS, "bounty")])
def test_bad_values_of_every_game_are_exit_2_naming_the_field(url: str, game: str,
                                                             kind: str) -> None:
    """A number that is none, an unknown field, 10,000 characters in a text and in the name:
    exit 2 naming the field, the value echoed cut, nothing saved."""
    base = ("cards", "new", "Odd card", "--system", game, "--kind", kind)
    long = "x" * 10_000
    cases = [(("--value", "fame=abc") if kind == "bounty" else ("--value", "cost=\"abc\"")
              if kind != "keyword" else ("--value", "parameter=[1]"), None),
             (("--value", "bogus=1"), "bogus:"),
             (("--summary", long), "summary:"),
             (("--value", f'notes="{long}"'), "notes:")]
    for extra, field in cases:
        code, out, err = cli(url, *base, *extra)
        assert code == 2, (extra[:1], out, err)
        assert len(err) < 1_500, (extra[:1], len(err))
        if field:
            assert field in err, err
    code, _out, err = cli(url, "cards", "new", long, "--system", game, "--kind", kind)
    assert code == 2 and "name" in err and len(err) < 1_500
    code, out, err = cli(url, "cards", "new", "Odd card", "--system", game, "--kind", kind,
                         "--value", "bogus=1")
    assert "an upgrade card" in err if kind == "upgrade" else "a " + kind in err
    assert cli(url, "cards", "export-mine", "--system", game)[0] == 1      # nothing saved


def test_a_card_the_group_entered_says_so_and_how_to_fill_in_the_rest(url: str) -> None:
    ok(url, "cards", "new", "Moonlit Lance", "--kind", "merit", "--type", "treasure",
       "--cost", "3")
    out = ok(url, "cards", "show", "Moonlit Lance", "--system", "wyld-hunt")
    assert "from:            the group's cards (database)" in out and "card file" not in out
    out = ok(url, "cards", "show", "Fianna", "--system", "wyld-hunt")
    assert "fill them in from the physical card: chronicle cards new Fianna --kind icon" in out
    ok(url, "collection", "add", "moonlit lance", "--player", "Ann")


def test_an_army_list_named_by_another_of_its_names_is_the_list(url: str,
                                                               tmp_path: Path) -> None:
    """``army show``, ``force new``, ``army unit --army`` and a roster file take an army list
    by one of its other names and mean the list itself (never an empty list, exit 0)."""
    ok(url, "cards", "new", "Clockwork Legion", "--system", TALES, "--kind", "army",
       "--aliases", "Legión de relojería")
    out = ok(url, "army", "show", "legión de relojería")
    assert "Gearknight" in out and "Brass Hound" in out
    code, _out, err = cli(url, "army", "show", "Legión perdida")
    assert code == 2 and "card.unknown" in err
    out = ok(url, "force", "new", "V", "--player", "Ann", "--army", "LEGIÓN DE RELOJERÍA",
             "--limit", "200")
    assert out.startswith("Started V for Ann: Clockwork Legion at 200 points.")
    ok(url, "army", "unit", "Tinker", "--army", "legión de relojería", "--cost", "5",
       "--power", "1", "--accuracy", "4", "--speed", "4", "--wounds", "1", "--range", "0",
       "--defense", "3")
    armies = json.loads(ok(url, "army", "list", "--json"))
    assert armies == [{"army": "Clockwork Legion", "units": 6}]
    path = tmp_path / "v.toml"
    ok(url, "force", "export", "V", "-o", str(path))
    path.write_text(path.read_text(encoding="utf-8").replace(
        'army = "Clockwork Legion"', 'army = "legión de relojería"'), encoding="utf-8")
    code, out, err = cli(url, "check", str(path), "--json")
    assert code == 0, out + err
    unspent = [v for v in json.loads(out)["violations"]
               if v["code"] == "roster.points_unspent"]
    assert unspent and "Tinker" in unspent[0]["fix"]   # the list's units, by its other name


def test_a_hunts_card_corrected_by_another_name_keeps_its_other_values(url: str) -> None:
    """``hunt card`` on a bounty named by one of its other names corrects the bounty itself,
    says its name, and keeps the values it does not give (the hunt's own card and the
    group's): the claimed bounty's Fortune is never lost (``card.incomplete``)."""
    ok(url, "hunt", "new", "Friday", "--seat", "Ann:Gus", "--seat", "Bob:Kira", "--hunter",
       "Kira")
    ok(url, "hunt", "card", "Friday", "Vex the Smuggler", "--fortune", "3", "--fame", "1")
    ok(url, "cards", "new", "Vex the Smuggler", "--system", HUNTERS, "--kind", "bounty",
       "--aliases", "Vex")
    ok(url, "hunt", "turn", "Friday", "--draw", "vex", "--capture", "VEX")
    out = ok(url, "hunt", "card", "Friday", "vex", "--fame", "2")
    assert out.startswith("Vex the Smuggler (bounty) entered for Friday.")
    shown = json.loads(ok(url, "hunt", "show", "Friday", "--json"))
    assert "card.incomplete" not in [v["code"] for v in shown["violations"]]
    own = [c for c in shown["cards"] if c["kind"] == "bounty"] if "cards" in shown else []
    assert all(c["name"] == "Vex the Smuggler" for c in own)
    bounty = json.loads(ok(url, "cards", "show", "vex", "--json"))
    assert (bounty["name"], bounty["fortune"], bounty["fame"]) == ("Vex the Smuggler", 3, 2)
    exported = ok(url, "hunt", "export", "Friday")
    assert 'name = "vex"' not in exported.casefold().replace("vex the smuggler", "")


def test_a_correction_breaking_a_hunt_is_refused_naming_it(url: str) -> None:
    """A hunt names its players by their ids in the database: the check of a correction reads
    it with their names, as every other check does, so a bounty's Fortune raised until the
    game ended before turns that were played is refused (``game.continued``), naming the hunt;
    --force saves it."""
    ok(url, "cards", "new", "Ruby", "--system", HUNTERS, "--kind", "bounty", "--fortune", "3",
       "--fame", "1")
    ok(url, "cards", "new", "Opal", "--system", HUNTERS, "--kind", "bounty", "--fortune", "1",
       "--fame", "0")
    ok(url, "hunt", "new", "G", "--seat", "Ann:Gus", "--seat", "Bob:Kira", "--hunter", "Kira",
       "--limit", "5")
    ok(url, "hunt", "turn", "G", "--draw", "Ruby", "--capture", "Ruby")
    ok(url, "hunt", "turn", "G", "--end", "wounded")
    ok(url, "hunt", "turn", "G", "--draw", "Opal", "--capture", "Opal")
    code, _out, err = cli(url, "cards", "new", "Ruby", "--system", HUNTERS, "--kind", "bounty",
                          "--fortune", "5")
    assert code == 1 and "game.continued" in err and "Hunters of Arcfall G" in err, err
    ruby = json.loads(ok(url, "cards", "show", "Ruby", "--json"))
    assert ruby["fortune"] == 3                                     # nothing saved
    out = ok(url, "cards", "new", "Ruby", "--system", HUNTERS, "--kind", "bounty",
             "--fortune", "5", "--force")
    assert "now broken (--force)" in out and "game.continued" in out


def test_a_correction_breaking_a_campaign_is_refused_naming_it(url: str,
                                                              tmp_path: Path) -> None:
    ok(url, "cards", "new", "Fire Sword", "--system", QUEST, "--kind", "upgrade", "--cost",
       "4", "--level", "1")
    played(url, tmp_path)
    ok(url, "upgrade", "record", "Invierno", "--guild", "blue", "--buy", "Fire Sword",
       "--guild", "green")
    code, _out, err = cli(url, "cards", "new", "Fire Sword", "--system", QUEST, "--kind",
                          "upgrade", "--cost", "40")
    assert code == 1 and "the campaign Invierno" in err, err
    assert json.loads(ok(url, "cards", "show", "Fire Sword", "--json"))["cost"] == 4


def test_a_unit_without_its_army_list_is_exit_2_naming_the_field(url: str) -> None:
    code, _out, err = cli(url, "cards", "new", "Zed", "--system", TALES, "--kind", "unit")
    assert code == 2 and "the unit Zed cannot be saved: army: say which army list" in err, err
    code, _out, err = cli(url, "army", "unit", "Wight", "--army", "Bone Tide", "--cost", "30",
                          "--wounds", "0")
    assert code == 1 and "unit.no_wounds" in err and "Wight: Wight" not in err, err
    assert cli(url, "cards", "export-mine", "--system", TALES)[0] == 1      # nothing saved


@pytest.mark.parametrize(("game", "kind"), [("wyld-hunt", "merit"), (QUEST, "hero"),
                                            (HUNTERS, "bounty")])
def test_a_card_nobody_entered_names_the_command_that_enters_it(url: str, game: str,
                                                                kind: str) -> None:
    """Owning a card the catalog lacks names the command that enters it, runnable as said
    (its kind given); run, the card can be owned."""
    import shlex

    name = "[/x] Zq 🎲 زيد"
    code, _out, err = cli(url, "collection", "add", name, "--kind", kind, "--player", "Ann",
                          "--system", game)
    assert code == 2, err
    command = err.split("'chronicle ", 1)[1].rsplit("'", 1)[0]
    assert f"--kind {kind}" in command, err
    ok(url, *shlex.split(command))
    ok(url, "collection", "add", name, "--kind", kind, "--player", "Ann", "--system", game)


def test_a_hunter_given_by_another_of_its_names_is_the_groups_card(url: str) -> None:
    """``--hunter`` names a hunter the catalog lacks; one the group has (by any of its names)
    is not entered again: the hunt's seat and cards are the card's own, its other names
    kept."""
    ok(url, "cards", "new", "Gus", "--system", HUNTERS, "--kind", "hunter", "--aliases",
       "Gustavo")
    ok(url, "hunt", "new", "H", "--seat", "Ann:gustavo", "--seat", "Bob:Kira", "--hunter",
       "GUSTAVO", "--hunter", "Kira")
    exported = ok(url, "hunt", "export", "H")
    assert 'hunter = "Gus"' in exported and "gustavo" not in exported.casefold()
    assert "Gustavo" in json.loads(ok(url, "cards", "show", "gustavo", "--json"))["aliases"]
