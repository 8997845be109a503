"""Arcadia Quest's ``quickcheck`` vouches only for campaigns the pydantic models accept, and
reads them into the same events: every key of every table of a campaign is tried with every
value of a pool of good, borderline and hostile values, and each document the quick reader
vouches for must come out of the models the same. A checked valid campaign imports no
pydantic."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from chronicle.domain.limits import NAME_MAX, TEXT_MAX
from chronicle.systems.arcadia_quest import campaignfile as files
from chronicle.systems.arcadia_quest import quickcheck as q
from chronicle.systems.arcadia_quest import schema

GOLDEN = Path(__file__).resolve().parent / "golden"
CAMPAIGN = ('system = "arcadia-quest"\nname = "Winter campaign"\n[[guild]]\ncolor = "blue"\n'
            'player = "Ana"\nheroes = ["Diva", "Greensleeves", "Grom"]\n'
            'slots = { Diva = ["Rusty Blade", "Parrying Blade"], Greensleeves = ["Slingshot"], '
            'Grom = ["Life Drain", "Nova Bolt"] }\n[[guild]]\ncolor = "green"\n'
            'player = "Ben"\nheroes = ["Maya", "Zazu", "Kanga"]\n'
            'slots = { Maya = ["Life Drain", "Nova Bolt"], Zazu = ["Parrying Blade", '
            '"Slingshot"], Kanga = ["Rusty Blade"] }\n')
"""The README's campaign."""

POOL: list[Any] = [
    "Diva", " Diva", "Diva ", "", " ", "[/x] 🛡 ٱلعربية", "a\x1bb", "a\nb", "a\tb",
    "x" * NAME_MAX, "x" * (NAME_MAX + 1), "y" * TEXT_MAX, "y" * (TEXT_MAX + 1), "blue", "Blue",
    " red", "purple", "arcadia-quest", "2026-11-30", "x" * 41, 0, 1, -1, 1000, 1001, -1000,
    -1001, True, False, None, 1.5, [], ["Fire Sword"], ["Fire Sword", " Fire Sword"],
    ["a"] * 21, ["a"] * 101, [1], ["a\x07"], ["a\nb"], {}, {"Diva": ["Fire Sword"]},
    {"Diva": 2}, {"Diva": "Weakness"}, {" Diva": 1}, {"Diva": -1}, {f"h{i}": 1 for i in range(21)},
    [{"color": "blue"}], [{"color": "blue", "note": "why"}], [{"color": "red"}] * 9, ("a",),
]

TABLES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "guild": (q.GUILD, {"color": "blue"}),
    "correction": (q.CORRECTION, {"color": "blue", "note": "why"}),
    "scenario": (q.SCENARIO, {"name": "The Manor", "winner": "blue"}),
}
NESTED: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "guild": (q.RESULT, {"color": "blue"}),
    "upgrade": (q.UPGRADE, {"color": "blue"}),
    "correction": (q.CORRECTION, {"color": "blue", "note": "why"}),
}


def _model(document: dict[str, Any]) -> tuple[str | None, list[Any]] | None:
    loaded = files.read_campaign(document, None, "campaign.toml")
    return None if loaded.problems else (loaded.name, loaded.events)


def _same(document: dict[str, Any]) -> bool:
    quick = q.campaign(document)
    if quick is None:
        return False
    assert _model(document) == quick, document
    return True


def test_the_keys_and_limits_are_the_models() -> None:
    assert list(q.CAMPAIGN) == list(files.CampaignFile.model_fields)
    assert list(q.GUILD) == list(files.GuildModel.model_fields)
    assert list(q.RESULT) == list(files.ResultModel.model_fields)
    assert list(q.UPGRADE) == list(files.UpgradeModel.model_fields)
    assert list(q.CORRECTION) == list(files.CorrectionModel.model_fields)
    assert list(q.SCENARIO) == list(files.ScenarioModel.model_fields)
    fields = q.spec.CAMPAIGN[1]  # the limits, from the models
    assert (fields["guild"][2], fields["scenario"][2], fields["guild"][3][1]["slots"][1],
            fields["correction"][2]) == (
        files.MAX_GUILDS, files.MAX_SCENARIOS, files.MAX_HEROES, files.MAX_CORRECTIONS)
    lazy = q.CARD_SCHEMA
    assert (lazy.game, lazy.version, lazy.kinds) == (
        schema.SCHEMA.game, schema.SCHEMA.version, schema.SCHEMA.kinds)


def test_every_key_with_every_value_is_vouched_for_only_as_the_models_read_it() -> None:
    base = tomllib.loads(CAMPAIGN)
    vouched = 0
    for key in [*q.CAMPAIGN, "stray"]:
        for value in POOL:
            vouched += _same({**base, key: value})
    for table, (fields, good) in TABLES.items():
        for key in [*fields, "stray"]:
            for value in POOL:
                vouched += _same({**base, table: [{**good, key: value}]})
    for table, (fields, good) in NESTED.items():
        for key in [*fields, "stray"]:
            for value in POOL:
                scenario = {"name": "The Manor", "winner": "blue", table: [{**good, key: value}]}
                vouched += _same({**base, "scenario": [scenario]})
    assert vouched > 100


def test_every_golden_campaign_reads_as_the_models_read_it() -> None:
    vouched = 0
    for path in sorted(GOLDEN.rglob("*.toml")):
        try:
            document = tomllib.loads(path.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        vouched += _same(document)
    assert vouched >= 3


def test_a_valid_campaign_is_checked_without_pydantic(tmp_path: Path) -> None:
    path = tmp_path / "campaign.toml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    check = f"main(['check', {str(path)!r}])"
    warm = f"from chronicle.cli import main\nassert {check} == 0"
    script = (f"import sys\nfrom chronicle.cli import main\ncode = {check}\n"
              "assert code == 0, code\n"
              "assert 'pydantic' not in sys.modules, 'pydantic was imported'\n")
    env = {"CHRONICLE_DATA_DIR": str(tmp_path), "CHRONICLE_CACHE_DIR": str(tmp_path / "cache"),
           "PATH": "/usr/bin:/bin"}
    for code in (warm, script):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=False, env=env)
        assert done.returncode == 0, done.stderr
