"""Speed of the Arcadia Quest campaign check, each figure a median and a ratio against a
baseline measured in the same run (absolute times vary with the host; ratios travel). Times are
this process's CPU time (``time.process_time``), so a host busy with other work does not
inflate them.

    python bench/arcadia_quest.py [--quick | --smoke]

The campaign: the golden finished campaign of four guilds and six scenarios (3 outer, 2 inner,
the final), with its upgrade phases, curses and a title
(``tests/arcadia_quest/golden/campaigns/legal-full-campaign.toml``).

- the check: the ledger replayed with every rule and the summary (``check_campaign``), from the
  file's events and a built catalog, against parsing the same file's TOML text with ``tomllib``;
- the whole ``check_path`` (read and validate the file, read the card files and build the
  catalog, check), against the same parse: mostly the catalog, which a process builds once;
- the attack odds of 6 dice against 4 (``attack_odds``), against the check;
- the stored campaign's check (``record.check_record``: the record's data and events read back
  through the file's models, the catalog layers reused, the same replay), which the database
  runs before and after every write, against the check: what keeping it in the database adds.

Aim (issue "Arcadia Quest"): checking a finished six-scenario, four-guild campaign under 2 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

from chronicle.systems.arcadia_quest.campaignfile import load_campaign
from chronicle.systems.arcadia_quest.catalog import read_sources
from chronicle.systems.arcadia_quest.check import check_path
from chronicle.systems.arcadia_quest.ledger import CampaignStarted
from chronicle.systems.arcadia_quest.odds import attack_odds
from chronicle.systems.arcadia_quest.record import check_record, data_of, payload_of
from chronicle.systems.arcadia_quest.rules import check_campaign

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "arcadia_quest" / "golden"
CAMPAIGN = GOLDEN / "campaigns" / "legal-full-campaign.toml"
CARDS = GOLDEN / "cards"
CHECK_AIM = 0.002


def median_seconds(action: Callable[[], object], repeat: int, inner: int = 1) -> float:
    """Median CPU time of ``inner`` calls, divided by ``inner``."""
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(inner):
            action()
        samples.append((time.process_time() - start) / inner)
    return statistics.median(samples)


def row(name: str, value: float, baseline_name: str, baseline: float, aim: str = "",
        met: bool | None = None) -> None:
    """One line of the report."""
    verdict = "" if met is None else ("met" if met else "NOT MET")
    print(f"{name:<28} {value * 1000:9.3f} ms   {baseline_name:<22} {baseline * 1000:8.3f} ms"
          f"   x{value / baseline:7.2f}   {aim:<12} {verdict}")


def main(argv: list[str] | None = None) -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    repeat, inner = (1, 1) if args.smoke else (3, 5) if args.quick else (15, 40)
    text = CAMPAIGN.read_text(encoding="utf-8")
    loaded = load_campaign(CAMPAIGN)
    assert not loaded.problems
    catalog = read_sources(CARDS).build(loaded.cards)
    report = check_campaign(loaded.events, catalog)
    assert report.valid and report.summary["next"]["campaign_winner"] is not None
    parse = median_seconds(lambda: tomllib.loads(text), repeat, inner)
    check = median_seconds(lambda: check_campaign(loaded.events, catalog), repeat, inner)
    whole = median_seconds(lambda: check_path(CAMPAIGN, CARDS),
                           1 if args.smoke else max(3, repeat // 3), 2)
    odds = median_seconds(lambda: attack_odds(6, 4), repeat, max(1, inner // 10))
    start = loaded.events[0]
    assert isinstance(start, CampaignStarted)
    data = data_of(start)
    events = [dict(zip(("kind", "payload"), payload_of(e), strict=True))
              for e in loaded.events[1:]]
    context = SimpleNamespace(user_cards_dir=CARDS, group_cards=())
    assert check_record(data, events, context).valid
    stored = median_seconds(lambda: check_record(data, events, context), repeat, inner)
    print(f"Arcadia Quest: a finished campaign of 4 guilds and 6 scenarios "
          f"({len(loaded.events)} events)")
    row("check (replay + summary)", check, "tomllib parse", parse, "aim < 2 ms", check < CHECK_AIM)
    row("check_path (read + check)", whole, "tomllib parse", parse)
    row("attack odds 6 vs 4", odds, "the check", check)
    row("stored campaign check", stored, "the check", check, "aim < 2 ms", stored < CHECK_AIM)


if __name__ == "__main__":
    main()
