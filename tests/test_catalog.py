"""The card catalog: bundled data, strict card files, located problems, user corrections."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronicle.catalog.loader import load_card_file
from chronicle.cli import main
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cardgaps import catalog_gaps, export_own_cards
from chronicle.systems.wyld_hunt.cards import (
    Flaw,
    Icon,
    Kind,
    League,
    Merit,
    Quest,
    Waylay,
    card_facts,
    card_to_dict,
    parse_terrain,
)
from chronicle.systems.wyld_hunt.leads import load_leads
from chronicle.systems.wyld_hunt.schema import SCHEMA
from chronicle.systems.wyld_hunt.search import CardFilter, select
from chronicle.systems.wyld_hunt.services.catalog import load_catalog, read_sources, validate_files


def _shared() -> Path:
    """The researched catalog: ``../shared`` beside the clone (or CHRONICLE_SHARED_DIR)."""
    base = os.environ.get("CHRONICLE_SHARED_DIR")
    root = Path(base) if base else Path(__file__).resolve().parents[2] / "shared"
    return root / "catalog" / "wyld-hunt"


SHARED = _shared()
ROUND2 = SHARED / "round2"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_catalog_loads_without_problems() -> None:
    catalog = load_catalog()
    assert catalog.problems == []
    kinds = {k: sum(1 for c in catalog if c.kind is k) for k in Kind}
    assert all(count > 0 for count in kinds.values()), kinds
    assert all(card.source for card in catalog), "every bundled card names its source"
    assert all(card.origin is Origin.BUNDLED for card in catalog)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the researched catalog is not beside the repo")
def test_every_researched_row_is_bundled() -> None:
    rows = 0
    for path in SHARED.glob("*.csv"):
        with path.open(encoding="utf-8") as handle:
            rows += sum(1 for _ in csv.DictReader(handle))
    new_cards = {(r["name"], r["kind"]) for r in _round2_rows()
                 if r["kind"] != "unknown" and "NEW CARD" in r["note"]}
    assert len(load_catalog()) == rows + len(new_cards)


def test_unknown_values_stay_unknown_never_zero() -> None:
    catalog = load_catalog()
    clear = catalog.get("Clear Thinking", "merit")
    assert isinstance(clear, Merit) and clear.cost is None and "cost" in clear.missing()
    border_run = catalog.get("Border Run", "quest")
    assert isinstance(border_run, Quest) and border_run.experience is None
    hurricane = catalog.get("Hurricane", "waylay")
    assert isinstance(hurricane, Waylay) and hurricane.savvy == "none" and hurricane.might is None


def test_rulebook_facts_are_bundled() -> None:
    catalog = load_catalog()
    indecisive = catalog.get("Indecisive", "flaw")
    assert isinstance(indecisive, Flaw) and indecisive.bonus == 2
    assert indecisive.court is not None and indecisive.court.value == "seelie"
    quests = [c for c in catalog if isinstance(c, Quest) and c.set and c.set.value == "wyld-hunt"]
    assert quests and all(q.experience == 1 for q in quests)
    # Only Prove Yourself is seen printing its value; the rest take the rulebook's.
    assert [q.name for q in quests if not q.experience_from_rulebook] == ["Prove Yourself"]
    human = catalog.get("Human Male", "icon")
    assert isinstance(human, Icon) and human.effects
    # The same name may stand for two kinds of card.
    assert {c.kind for c in catalog.named("Slavers")} == {Kind.QUEST, Kind.WAYLAY}


def test_user_card_corrects_a_bundled_card_and_is_marked(user_cards: Path) -> None:
    write(user_cards, "mine.toml", """version = 1
[[card]]
name = "clear thinking"
kind = "merit"
cost = 1
attribute = "resolve"
court = "seelie"

[[card]]
name = "Homebrew Hat"
kind = "merit"
type = "treasure"
cost = 1
""")
    catalog = load_catalog()
    clear = catalog.get("Clear Thinking", "merit")
    assert isinstance(clear, Merit)
    assert clear.cost == 1 and clear.type is not None and clear.type.value == "ability"
    assert clear.origin is Origin.CORRECTED
    hat = catalog.get("homebrew hat", "merit")
    assert hat is not None and hat.origin is Origin.USER


def test_one_bad_user_file_never_hides_the_good_ones(user_cards: Path) -> None:
    write(user_cards, "a-broken.toml", "version = 1\n[[card]\nname = 'x'\n")
    write(user_cards, "b-good.toml", 'version = 1\n[[card]]\nname = "Good Hat"\nkind = "merit"\n')
    catalog = load_catalog()
    assert catalog.get("Good Hat", "merit") is not None
    (problem,) = catalog.problems
    assert problem.path.endswith("a-broken.toml") and problem.line == 2
    assert "not valid TOML" in problem.message


def test_bad_card_reports_file_card_field_line_and_hint(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", """version = 1

[[card]]
name = "Fine"
kind = "merit"

[[card]]
name = "Typo Sword"
kind = "merit"
cots = 2

[[card]]
name = "Wordy"
kind = "merit"
cost = "three"

[[card]]
name = "Odd"
kind = "merrit"
""")
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert [e.data["name"] for e in entries] == ["Fine"]
    by_card = {p.card: p for p in problems}
    typo = by_card["Typo Sword"]
    assert (typo.field, typo.line, typo.hint) == ("cots", 10, "did you mean 'cost'?")
    wordy = by_card["Wordy"]
    assert wordy.field == "cost" and wordy.line == 15 and "'three'" in wordy.message
    odd = by_card["Odd"]
    assert odd.field == "kind" and odd.line == 19 and odd.hint == "did you mean 'merit'?"
    assert str(typo).startswith(f"{path}:10: card 'Typo Sword', field 'cots'")


def test_card_file_needs_a_known_version(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", '[[card]]\nname = "A"\nkind = "merit"\n')
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert not entries and problems[0].field == "version"
    assert "version = 1" in (problems[0].hint or "")


def test_a_field_of_another_kind_is_explained(tmp_path: Path) -> None:
    path = write(tmp_path, "c.toml", 'version = 1\n[[card]]\nname = "A"\nkind = "flaw"\n'
                                      'cost = 2\n')
    _entries, (problem,) = load_card_file(path, SCHEMA, Origin.USER)
    assert problem.field == "cost"
    assert problem.hint == "'cost' is not a field of a flaw card; a flaw card has 'bonus'"


def test_duplicate_card_in_one_layer_is_reported(user_cards: Path) -> None:
    write(user_cards, "a.toml", 'version = 1\n[[card]]\nname = "Twin"\nkind = "merit"\ncost = 1\n')
    write(user_cards, "b.toml", 'version = 1\n[[card]]\nname = "twin"\nkind = "merit"\ncost = 2\n')
    catalog = read_sources().build()
    twin = catalog.get("Twin", "merit")
    assert isinstance(twin, Merit) and twin.cost == 2
    assert any("again" in p.message for p in catalog.problems)


def test_search_matches_every_word_in_name_or_summary() -> None:
    catalog = load_catalog()
    names = {c.name for c in catalog.search("fae ARMOR")}
    assert "Fae Armor" in names
    pyretics = catalog.search("pyretics")
    assert pyretics and all("pyretics" in f"{c.name} {c.summary}".casefold() for c in pyretics)
    assert catalog.search("zzzz-nothing") == []


def test_search_typed_and_erased_a_key_at_a_time_finds_what_a_fresh_search_finds() -> None:
    """The catalog keeps its last searches' results and narrows from them as a word is typed;
    every step (typed, erased, retyped, words added or reordered) finds exactly the cards a
    catalog without any kept result finds, in the same order."""
    from chronicle.catalog.store import RECENT_SEARCHES, Catalog

    cards = list(load_catalog())
    kept = Catalog(cards)
    texts = [""]
    for word in ("fae", "armor", "RING", "o"):
        texts += [texts[-1] + ch for ch in f" {word}"]
    texts += [*texts[::-1], "armor fae", "ar fa", "a", "e a", "zz", "ring"]
    texts += [f"x{i}" for i in range(RECENT_SEARCHES + 2)] + ["fae armor", "fae"]
    for text in texts:
        assert kept.search(text) == Catalog(cards).search(text), text
    assert len(kept._found) <= RECENT_SEARCHES
    assert kept.search("fae", cards[:40]) == Catalog(cards).search("fae", cards[:40])


def test_suggest_finds_a_misspelt_card() -> None:
    assert load_catalog().suggest("Fae Armour", "merit") == "Fae Armor"


# --- round 2 of the research: every fact bundled with its source, or listed as a lead --------


def _round2_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for path in sorted(ROUND2.glob("*.csv")):
        with path.open(encoding="utf-8") as handle:
            rows.extend(csv.DictReader(handle))
    return rows


def _urls(row: dict[str, str]) -> list[str]:
    return [part.strip() for part in row["source_url"].split(" ; ")]


def _same_value(card: object, field: str, text: str) -> bool:
    """The bundled value of ``field`` says what the research row says."""
    value = getattr(card, field)
    if field in ("terrain", "tests"):
        words = [w.strip() for w in text.split(";")]
        wanted = [parse_terrain(w) for w in words] if field == "terrain" else words
        return value is not None and [str(v) for v in value] == [str(w) for w in wanted]
    if field == "unique":
        return value is (text == "true")
    if isinstance(value, int):
        return str(value) == text
    if field == "set":
        return value is not None and value.value == text
    # text values: the bundled value is the research value, or the part naming it (a race
    # "Fianna" for "Fianna (a Garou / werewolf tribe)"); enum values compare by their text
    shown = getattr(value, "value", value)
    return isinstance(shown, str) and text.casefold().startswith(shown.casefold())


@pytest.mark.skipif(not ROUND2.is_dir(), reason="the researched catalog is not beside the repo")
def test_every_round2_fact_is_bundled_with_its_source_or_is_a_lead() -> None:
    catalog = load_catalog()
    gaps = catalog_gaps(catalog)
    leads = {lead.name: lead for lead in gaps.leads}
    rows = _round2_rows()
    assert len(rows) == 70, "the round-2 README counts 70 facts"
    wrong: list[str] = []
    for row in rows:
        name, kind, field, value = row["name"], row["kind"], row["field"], row["value"]
        where = f"{name} ({kind}) {field}"
        if kind == "unknown":
            lead = leads.get(name)
            if lead is None or catalog.named(name):
                wrong.append(f"{where}: not listed as a lead (or listed as a card)")
            elif not set(_urls(row)) <= set(lead.source):
                wrong.append(f"{where}: lead lacks its source {row['source_url']}")
            continue
        card = catalog.get(name, kind)
        if card is None:
            wrong.append(f"{where}: not bundled")
            continue
        if not set(_urls(row)) <= set(card.source):
            wrong.append(f"{where}: source {row['source_url']} missing from {card.source}")
        if field.endswith("_partial"):
            # an observation, never a card value: kept in the notes with its confidence
            plain = field.removesuffix("_partial")
            if value not in (card.notes or "") or row["confidence"] not in (card.notes or ""):
                wrong.append(f"{where}: observation {value!r} not in the notes")
            if plain in ("enter", "leave") and getattr(card, plain) is not None:
                wrong.append(f"{where}: an observation was written as the card's {plain}")
            continue
        if field in ("summary", "special"):
            if not getattr(card, field):
                wrong.append(f"{where}: no {field}")
            continue
        if field != "name" and not _same_value(card, field, value):
            wrong.append(f"{where}: bundled {getattr(card, field)!r}, research {value!r}")
        if row["confidence"] in ("low", "medium-low") and row["confidence"] not in (
                card.confidence or ""):
            wrong.append(f"{where}: confidence {row['confidence']!r} not kept "
                         f"({card.confidence!r})")
    assert not wrong, "\n".join(wrong)


def test_new_facts_change_summaries_and_outdated_notes() -> None:
    catalog = load_catalog()
    belt = catalog.get("Belt of Troll Strength", "merit")
    assert belt is not None and belt.summary and "+3" in belt.summary
    eshu = catalog.get("Eshu Female", "icon")
    assert eshu is not None and eshu.summary and "effect unknown" not in (eshu.notes or "")
    burn = catalog.get("Burn & Boil", "merit")
    assert burn is not None and "probably KIM" not in (burn.notes or "")
    wisp = catalog.get("Will-o'-the-Wisp", "merit")
    assert isinstance(wisp, Merit) and wisp.missing() == [] and wisp.cost == 1
    # a partial observation is never a terrain value
    middleguard = catalog.get("Middleguard", "league")
    assert isinstance(middleguard, League) and middleguard.terrain is None


def test_leads_are_not_cards_and_a_user_card_completes_one(user_cards: Path) -> None:
    catalog = load_catalog()
    assert catalog.named("Lost!") == []
    assert "Lost!" in {lead.name for lead in catalog_gaps(catalog).leads}
    write(user_cards, "mine.toml", 'version = 1\n[[card]]\nname = "lost!"\nkind = "waylay"\n'
                                   'rating = 2\n')
    gaps = catalog_gaps(load_catalog())
    assert "Lost!" not in {lead.name for lead in gaps.leads}
    assert gaps.completed_leads == ["Lost!"]


# --- what the catalog lacks, and sharing one's own cards --------------------------------------


def test_missing_counts_each_kind_and_orders_cards_for_a_collector() -> None:
    catalog = load_catalog()
    gaps = catalog_gaps(catalog)
    assert gaps.total == len(catalog)
    assert gaps.complete == sum(1 for c in catalog if not c.missing())
    merits = next(k for k in gaps.kinds if k.kind is Kind.MERIT)
    assert merits.total == sum(1 for c in catalog if c.kind is Kind.MERIT)
    assert merits.missing["cost"] == sum(1 for c in catalog if isinstance(c, Merit)
                                         and c.cost is None)
    lengths = [len(c.missing()) for c in merits.cards]
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1]
    assert all(c.missing() for c in merits.cards)
    only = catalog_gaps(catalog, "quest")
    assert [k.kind for k in only.kinds] == [Kind.QUEST]


@pytest.mark.usefixtures("no_group_layer")
def test_export_mine_writes_own_values_only_and_imports_back(user_cards: Path,
                                                             tmp_path: Path) -> None:
    write(user_cards, "a.toml", """version = 1
[[card]]
name = "Clear Thinking"
kind = "merit"
cost = 2

[[card]]
name = "Homebrew Bog"
kind = "waylay"
rating = 2
terrain = ["Swamp", "forest"]
tests = ["might"]
might = 3
""")
    write(user_cards, "b.toml", 'version = 1\n[[card]]\nname = "Homebrew Hat"\n'
                                'kind = "merit"\ntype = "treasure"\n')
    text, count = export_own_cards()
    assert count == 3
    shared = write(tmp_path, "shared.toml", text)
    good, problems = validate_files([shared])
    assert (good, problems) == (3, [])
    entries, _problems = load_card_file(shared, SCHEMA, Origin.USER)
    by_name = {e.data["name"]: e.data for e in entries}
    # exactly the user's values, merged; nothing of the bundled card it corrects
    assert by_name["Clear Thinking"] == {"name": "Clear Thinking", "kind": "merit", "cost": 2}
    assert [t.value for t in by_name["Homebrew Bog"]["terrain"]] == ["marsh", "forest"]
    before = {(c.name, c.kind): c for c in load_catalog() if c.origin is not Origin.BUNDLED}
    for path in user_cards.glob("*.toml"):
        path.unlink()
    write(user_cards, "from-a-friend.toml", text)
    after = {(c.name, c.kind): c for c in load_catalog() if c.origin is not Origin.BUNDLED}
    assert after.keys() == before.keys()
    for key, card in after.items():
        assert card_to_dict(card) | {"path": None} == card_to_dict(before[key]) | {"path": None}


@pytest.fixture
def no_group_layer() -> Iterator[None]:
    """Commands that write the group's cards leave them as this process's group layer: drop it
    afterwards so later tests see no group cards."""
    from chronicle.systems.wyld_hunt.services.usercards import forget_group

    forget_group()
    yield
    forget_group()


@pytest.mark.usefixtures("no_group_layer")
def test_cards_missing_and_export_mine_commands(user_cards: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "missing", "--kind", "merit", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "merit:" in out and "complete; missing cost" in out and "more (--limit 0" in out
    assert main(["cards", "missing", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {lead["name"] for lead in data["leads"]} >= {"Lost!", "The Wyldstone"}
    assert main(["cards", "export-mine"]) == 1
    assert "no cards or corrections" in capsys.readouterr().err
    assert main(["cards", "new", "Coin of Clarity", "--kind", "merit", "--cost", "1"]) == 0
    target = tmp_path / "mine.toml"
    assert main(["cards", "export-mine", "-o", str(target)]) == 0
    assert main(["cards", "export-mine", "-o", str(target)]) == 2
    assert main(["cards", "validate", str(target)]) == 0
    capsys.readouterr()
    assert main(["cards", "list", "--missing", "--kind", "merit"]) == 0
    listed = capsys.readouterr().out
    assert "missing values" in listed and "Coin of Clarity" not in listed
    assert "Eloquent Speech" in listed  # its Attribute is unknown
    assert main(["cards", "show", "Lost!"]) == 2
    assert "is a lead" in capsys.readouterr().err


# --- rule-facing card data: rulebook experience, terrain words, Waylay Attributes ------------


def test_wyld_hunt_quest_without_experience_takes_the_rulebook_value(user_cards: Path) -> None:
    write(user_cards, "q.toml", """version = 1
[[card]]
name = "Homebrew Quest"
kind = "quest"
set = "wyld-hunt"

[[card]]
name = "Homebrew Madness"
kind = "quest"
set = "ironheart"

[[card]]
name = "Homebrew Printed"
kind = "quest"
set = "wyld-hunt"
experience = 2
""")
    catalog = load_catalog()
    wyld = catalog.get("Homebrew Quest", "quest")
    assert isinstance(wyld, Quest) and wyld.experience == 1 and wyld.experience_from_rulebook
    assert "experience" not in wyld.missing() and "(rulebook)" in card_facts(wyld)
    madness = catalog.get("Homebrew Madness", "quest")
    assert isinstance(madness, Quest) and madness.experience is None
    assert "experience" in madness.missing() and "(rulebook)" not in card_facts(madness)
    printed = catalog.get("Homebrew Printed", "quest")
    assert isinstance(printed, Quest) and printed.experience == 2
    assert not printed.experience_from_rulebook


@pytest.mark.parametrize(("word", "terrain"), [("Swamp", "marsh"), ("marsh", "marsh"),
                                               ("MOUNTAIN", "mountains"), ("all", "any"),
                                               ("Field", "fields"), (" hills ", "hills")])
def test_rulebook_and_card_terrain_words_are_one_terrain(word: str, terrain: str,
                                                         user_cards: Path) -> None:
    assert parse_terrain(word).value == terrain
    write(user_cards, "t.toml", f'version = 1\n[[card]]\nname = "Homebrew Fen"\n'
                                f'kind = "league"\nterrain = ["{word}"]\n')
    catalog = load_catalog()
    assert catalog.problems == []
    fen = catalog.get("Homebrew Fen", "league")
    assert isinstance(fen, League) and [t.value for t in fen.terrain or ()] == [terrain]
    assert fen in select(list(catalog), CardFilter(terrain=word)).cards


def test_the_app_search_box_reads_terrain_words_alike() -> None:
    from chronicle.systems.wyld_hunt.query import parse_query

    for word in ("terrain:swamp", "terrain:Marsh", "terrain:all"):
        query = parse_query(word)
        assert query.problems == [] and query.filter.terrain is not None
    swamp = select(list(load_catalog()), parse_query("terrain:swamp").filter).cards
    marsh = select(list(load_catalog()), parse_query("terrain:marsh").filter).cards
    assert swamp and swamp == marsh


def test_terrain_filter_names_the_accepted_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "--terrain", "swamp", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["cards"]
    assert listed and all("marsh" in c["terrain"] or "any" in c["terrain"] for c in listed)
    with pytest.raises(SystemExit):
        main(["cards", "list", "--terrain", "lava"])
    assert "swamp is marsh" in capsys.readouterr().err


def test_waylay_with_no_attribute_rating_is_flagged_but_loaded(
        user_cards: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('version = 1\n\n[[card]]\nname = "Blank Fog"\nkind = "waylay"\nrating = 2\n'
            'might = "none"\nsavvy = "none"\nresolve = "none"\ncombat = "none"\n\n'
            '[[card]]\nname = "Half Fog"\nkind = "waylay"\nmight = "none"\nsavvy = "none"\n'
            'resolve = "none"\n')
    path = write(tmp_path, "fog.toml", text)
    good, problems = validate_files([path])
    assert good == 2
    (problem,) = problems  # an absent Attribute is unknown, not "none": Half Fog is fine
    assert problem.card == "Blank Fog" and problem.line == 3
    assert "no Attribute with a rating" in problem.message
    write(user_cards, "fog.toml", text)
    assert main(["cards", "show", "Blank Fog"]) == 0
    assert "Problem: Might, Savvy, Resolve and Combat are all 'none'" in capsys.readouterr().out
    catalog = load_catalog()
    fog = catalog.get("Blank Fog", "waylay")
    assert isinstance(fog, Waylay) and fog.lacks_attribute() and fog.rating == 2
    assert [p.card for p in catalog.problems] == ["Blank Fog"]


def test_a_duplicate_in_one_layer_still_corrects_the_bundled_card(user_cards: Path) -> None:
    write(user_cards, "a.toml", 'version = 1\n[[card]]\nname = "Clear Thinking"\n'
                                'kind = "merit"\ncost = 2\n')
    write(user_cards, "b.toml", 'version = 1\n[[card]]\nname = "clear thinking"\n'
                                'kind = "merit"\ncourt = "seelie"\n')
    catalog = read_sources().build()
    clear = catalog.get("Clear Thinking", "merit")
    assert isinstance(clear, Merit) and clear.name == "Clear Thinking"
    assert clear.cost is None and clear.court is not None  # the later one wins in its layer
    assert clear.type is not None and clear.type.value == "ability"  # bundled values kept
    assert any("again" in p.message for p in catalog.problems)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the researched catalog is not beside the repo")
def test_every_terrain_word_of_the_research_csvs_is_a_terrain() -> None:
    """The researched CSVs write the cards' words (Mountain, Marsh); each reads as a terrain,
    and a named League's bundled terrain is what its row says."""
    catalog = load_catalog()
    checked = 0
    for path in sorted(SHARED.glob("*.csv")):
        with path.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                text = row.get("terrain") or ""
                if not text or "(" in text or text.startswith("not "):
                    continue  # "Forest (at least)", "not Road": observations, not a list
                words = [parse_terrain(word) for word in text.split(";")]
                checked += 1
                card = catalog.get(row["name"], "league") if row["name"] else None
                if isinstance(card, League):
                    assert list(card.terrain or ()) == words, row["name"]
    assert checked >= 15


def test_a_broken_lead_file_is_reported_with_its_place(tmp_path: Path) -> None:
    leads = tmp_path / "leads"
    leads.mkdir()
    write(leads, "a.toml", 'version = 1\n[[lead]]\nname = "Odd"\nkinds = ["wayley"]\n'
                           'source = "somewhere"\n')
    write(leads, "b.toml", 'version = 1\n[[lead]]\nname = "Fine"\nsource = ["x"]\n')
    found, problems = load_leads(tmp_path)
    assert [lead.name for lead in found] == ["Fine"]
    (problem,) = problems
    assert problem.path.endswith("a.toml") and problem.field == "lead.0.kinds.0"


@pytest.mark.usefixtures("no_group_layer")
def test_a_shared_card_file_imports_into_another_players_catalog(
        user_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    write(user_cards, "mine.toml", 'version = 1\n[[card]]\nname = "Coin of Clarity"\n'
                                   'kind = "merit"\ncost = 1\n\n[[card]]\nname = "Homebrew Bog"\n'
                                   'kind = "waylay"\nrating = 2\nterrain = ["swamp"]\n')
    shared = tmp_path / "shared.toml"
    assert main(["cards", "export-mine", "-o", str(shared)]) == 0
    mine = {c.name: card_to_dict(c) for c in load_catalog() if c.origin is not Origin.BUNDLED}
    friend = tmp_path / "friend"
    friend.mkdir()
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(friend))
    broken = write(tmp_path, "broken.toml", shared.read_text(encoding="utf-8")
                   + '\n[[card]]\nname = "Bad"\nkind = "merit"\ncots = 1\n')
    assert main(["cards", "import", str(broken)]) == 2
    assert "nothing imported" in capsys.readouterr().err
    blank = write(tmp_path, "blank.toml", 'version = 1\n[[card]]\nname = "Fog"\nkind = "waylay"\n'
                  'might = "none"\nsavvy = "none"\nresolve = "none"\ncombat = "none"\n')
    assert main(["cards", "import", str(blank)]) == 2
    assert "no Attribute with a rating" in capsys.readouterr().err
    assert main(["cards", "import", str(tmp_path / "absent.toml")]) == 2
    capsys.readouterr()
    assert main(["cards", "list", "--user", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 0
    assert main(["cards", "import", str(shared)]) == 0
    assert "Imported 2 card(s)" in capsys.readouterr().out
    assert main(["cards", "list", "--user", "--json", "--system", "wyld-hunt"]) == 0
    theirs = {c["name"]: c for c in json.loads(capsys.readouterr().out)["cards"]}
    assert theirs.keys() == mine.keys()
    for name, card in theirs.items():
        assert {k: v for k, v in card.items() if k != "path"} == \
            {k: v for k, v in mine[name].items() if k != "path"}


def test_the_catalog_cache_keeps_the_catalog_its_sources_make(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A command reading the cached sources gets the catalog built from them with no other
    layer as it was built when the cache was written (start-up), equal to one built afresh."""
    from chronicle.systems.wyld_hunt.services import catalog as service

    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(service, "_IN_PROCESS", {})
    written = service.read_sources()
    assert written.base is not None
    monkeypatch.setattr(service, "_IN_PROCESS", {})  # as another process: read from the file
    cached = service.read_sources()
    assert cached is not written and cached.base is not None
    fresh = service.read_sources(use_cache=False).build()
    assert [(c.name, c.kind, c.origin) for c in cached.base] == \
        [(c.name, c.kind, c.origin) for c in fresh]
    assert list(cached.base) == list(fresh)
    assert cached.build() is cached.base
    assert [c.name for c in cached.base.search("fae")] == [c.name for c in fresh.search("fae")]
