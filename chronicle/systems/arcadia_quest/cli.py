"""Arcadia Quest's commands: ``chronicle campaign``, ``chronicle scenario``, ``chronicle
upgrade`` — thin over ``service``; exit status 0 done, 1 refused (a rule is broken, or someone
saved first), 2 bad input or an unknown name. Every listing takes ``--json``.

What each guild did is given guild by guild: ``--guild COLOR`` opens a guild, and the options
after it (``--quest``, ``--kills``, ``--buy``, ``--slot`` ...) are that guild's, up to the next
``--guild``::

    chronicle scenario record "Winter campaign" "District of Hammers" --winner blue \\
        --guild blue --quest "Break the forge" --quest pvp:green --kills 1 --monsters 3 \\
        --guild green --death Grom
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.cli.common import add_json, database, run_service
from chronicle.cli.output import emit, emit_json, report, table
from chronicle.cli.recordcommands import add_export_file, add_record_commands

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.service import CampaignView

COLORS = ("orange", "blue", "red", "green")
_SERVICE = "chronicle.systems.arcadia_quest.service"


# --- options given guild by guild -----------------------------------------------------------


class _Guild(argparse.Action):
    """``--guild COLOR``: opens a guild's table; the options after it fill it."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        tables = list(getattr(namespace, self.dest, None) or [])
        tables.append({"color": str(values)})
        setattr(namespace, self.dest, tables)


class _Into(argparse.Action):
    """An option of the guild opened last: ``mode`` says how it fills the table (``list``:
    appended, ``value``: set, ``count``: HERO or HERO=N added up, ``pair``: HERO VALUE,
    ``slots``: HERO CARD...)."""

    def __init__(self, option_strings: Sequence[str], dest: str, key: str = "", mode: str = "",
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.key, self.mode = key, mode

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        tables = getattr(namespace, "guilds", None)
        if not tables:
            parser.error(f"{option_string} belongs to a guild: put it after --guild COLOR")
        here = tables[-1]
        if self.mode == "list":
            here.setdefault(self.key, []).append(values)
        elif self.mode == "value":
            here[self.key] = values
        elif self.mode == "count":
            hero, _, count = str(values).rpartition("=") if "=" in values else (values, "", "1")
            try:
                number = int(count)
            except ValueError:
                parser.error(f"{option_string} takes HERO or HERO=N, not {values[:60]!r}")
            counts = here.setdefault(self.key, {})
            counts[hero.strip()] = counts.get(hero.strip(), 0) + number
        elif self.mode == "pair":
            here.setdefault(self.key, {})[values[0]] = values[1]
        else:  # slots: HERO then the cards in that hero's slots (none: empty slots)
            here.setdefault(self.key, {})[values[0]] = list(values[1:])


def _guild_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--guild", dest="guilds", action=_Guild, metavar="COLOR",
                        type=str.lower, choices=COLORS,
                        help="a guild (orange, blue, red, green); the options after it are "
                             "that guild's")


def _per_guild(parser: argparse.ArgumentParser, flag: str, key: str, mode: str, help: str,
               **kwargs: Any) -> None:
    if "metavar" not in kwargs:
        kwargs["metavar"] = "N" if kwargs.get("type") is int else flag.strip("-").upper()
    parser.add_argument(flag, dest=f"_{key}", action=_Into, key=key, mode=mode,
                        default=argparse.SUPPRESS, help=help, **kwargs)


def _slot_option(parser: argparse.ArgumentParser, help: str) -> None:
    _per_guild(parser, "--slot", "slots", "slots", help, nargs="+", metavar="HERO CARD")


# --- running a command ----------------------------------------------------------------------


def _command(sub: Any, name: str, help: str, handler: Callable[[argparse.Namespace], int],
             description: str | None = None) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help,
                                                     description=description or help)
    parser.set_defaults(handler=partial(run_service, handler))
    return parser


# --- chronicle campaign ----------------------------------------------------------------------


def register_campaign(parser: argparse.ArgumentParser) -> None:
    """``chronicle campaign new|show|list|next|history|export|import|undo|correct|rename|
    delete|restore`` (the campaign sheet is ``chronicle export campaign NAME``)."""
    sub = parser.add_subparsers(dest="campaign_command", metavar="COMMAND", required=True)
    new = _command(sub, "new", "start a campaign with its guilds", _new,
                   "Start a campaign. Give each guild with --guild COLOR, then its --player, "
                   "--heroes and (optionally) --slot HERO CARD...; without --slot its five "
                   "starting cards are spread over its heroes 2, 2, 1.")
    new.add_argument("name")
    _guild_option(new)
    _per_guild(new, "--player", "player", "value", "the guild's player")
    _per_guild(new, "--heroes", "heroes", "value", "the guild's three heroes", nargs="+",
               metavar="HERO")
    _slot_option(new, "a hero's starting cards (repeat per hero)")
    new.add_argument("--two-player-pvp-only", action="store_true",
                     help="with two guilds, a winner's 2 quests may both be PvP (the other "
                          "reading of the rulebook; default: one must be PvE)")
    new.add_argument("--fixed-seating", action="store_true",
                     help="the guilds keep the seats given here (--guild order, clockwise) in "
                          "every scenario, so 'campaign next' can name the first player "
                          "(default: start areas are drawn at each set-up, as the rulebook "
                          "says)")
    add_json(new)

    show = _command(sub, "show", "a campaign: guilds, coins, slots, curses, titles", _show)
    show.add_argument("name")
    show.add_argument("--archived", action="store_true", help="a deleted (archived) campaign")
    add_json(show)

    listing = _command(sub, "list", "every campaign of the group", _list)
    listing.add_argument("--archived", action="store_true", help="the archived ones")
    add_json(listing)

    upcoming = _command(sub, "next", "what to set up for the next scenario", _next,
                        "What to set up next: the legal scenarios, who chooses, the monster "
                        "level, the first player, the PvP quest cards and the unused start "
                        "areas.")
    upcoming.add_argument("name")
    add_json(upcoming)

    history = _command(sub, "history", "every event of a campaign, numbered", _history)
    history.add_argument("name")
    add_json(history)

    add_export_file(sub, f"{_SERVICE}:export_text", "campaign", "a campaign file")

    imported = _command(sub, "import", "keep a campaign file in the database", _import,
                        "Read a campaign file and keep it in the database; it is checked whole "
                        "first and nothing is written when a rule is broken.")
    imported.add_argument("file", type=Path)
    imported.add_argument("--name", help="the campaign's name (default: the file's)")
    add_json(imported)

    undo = _command(sub, "undo", "undo the last event (or event N); it stays in the history",
                    _undo)
    undo.add_argument("name")
    undo.add_argument("number", nargs="?", type=int, help="the event (campaign history)")
    undo.add_argument("--note", help="why")

    fix = _command(sub, "correct", "set a guild's record right (coins, cards, titles)", _correct)
    fix.add_argument("name")
    fix.add_argument("--guild", required=True, type=str.lower, choices=COLORS, metavar="COLOR")
    fix.add_argument("--note", required=True, help="why (kept in the history)")
    fix.add_argument("--coins", type=int, default=0, help="coins to add (negative: take)")
    fix.add_argument("--add-card", action="append", default=[], metavar="CARD")
    fix.add_argument("--remove-card", action="append", default=[], metavar="CARD")
    fix.add_argument("--title", action="append", default=[], metavar="TITLE",
                     help="a title to add")
    add_json(fix)

    own = _command(sub, "own", "record the Arcadia Quest boxes a player owns", _own,
                   "Record the products (core box, expansions) a player owns. The group's "
                   "products together decide which scenarios 'campaign next' offers; with "
                   "none recorded, every known one is offered.")
    own.add_argument("player")
    own.add_argument("products", nargs="+", metavar="PRODUCT")
    add_json(own)
    products = _command(sub, "products", "the known products and those the group owns",
                        _products)
    add_json(products)

    add_record_commands(sub, f"{_SERVICE}:CAMPAIGNS", "campaign", history="event")


def _guild_line(color: str, guild: dict[str, Any]) -> list[str]:
    lines = [f"{color} guild" + (f" ({guild['player']})" if guild.get("player") else "")
             + f": {guild['coins_held']} coin(s) held, {guild['coins_carried']} carried, "
               f"{guild['upgrades']} upgrade card(s)"]
    for hero in guild["heroes"]:
        cards = ", ".join(guild["slots"].get(hero, [])) or "-"
        curse = guild["curses"].get(hero)
        deaths = guild["death_tokens"].get(hero, 0)
        lines.append(f"    {hero}: {cards}" + (f"  [curse: {curse}]" if curse else "")
                     + (f"  ({deaths} death token(s))" if deaths else ""))
    if guild["titles"]:
        lines.append("    titles: " + ", ".join(f"{t['title']} ({t['scenario']})"
                                                for t in guild["titles"]))
    return lines


def _next_lines(upcoming: dict[str, Any]) -> list[str]:
    if upcoming.get("campaign_winner"):
        return [f"The campaign is over: the {upcoming['campaign_winner']} guild won the final."]
    if upcoming.get("number") is None:
        return ["No scenario comes next."]
    lines = [f"Next: scenario {upcoming['number']} ({upcoming['circle']} circle), monster "
             f"level {upcoming['monster_level']}",
             "  choices: " + (", ".join(upcoming["choices"]) or "none left in the catalog"),
             f"  chosen by: {upcoming['chosen_by'] or 'all players together'}",
             f"  first player: {upcoming['first_player_rule'] or 'drawn at random'}",
             "  PvP quest cards: " + ", ".join(upcoming["pvp_quests"])]
    unused = upcoming.get("unused_start_areas") or []
    lines.append("  unused start areas: " + (", ".join(map(str, unused)) or "none"))
    return lines


def _print_view(view: CampaignView) -> None:
    s = view.summary
    verdict = "legal" if view.report.valid else f"{len(view.report.errors)} rule(s) broken"
    emit(f"{view.name} (Arcadia Quest campaign, {len(s['guilds'])} guilds): {verdict}")
    for played in s["scenarios"]:
        titles = ", ".join(f"{t} ({c})" for c, t in played["titles"].items())
        emit(f"  {played['number']}. {played['name']}: won by {played['winner']}"
             + (f"; titles: {titles}" if titles else ""))
    for color, guild in s["guilds"].items():
        for line in _guild_line(color, guild):
            emit(f"  {line}")
    for line in _next_lines(s["next"]):
        emit(line)
    if view.report.violations:
        emit()
        report(view.report, campaign=view.name)


def _done(view: CampaignView, args: argparse.Namespace, said: str) -> int:
    if getattr(args, "json", False):
        emit_json(view.to_dict())
    else:
        emit(said)
        warnings = view.report.warnings
        for violation in warnings:
            emit(f"  warning {violation.code}: {violation.message}")
    return 0


def _new(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import new_campaign

    view = new_campaign(database(args), args.name, list(args.guilds or []),
                        two_player_pve=not args.two_player_pvp_only,
                        fixed_seating=args.fixed_seating)
    return _done(view, args, f"Started {view.name} with {len(view.summary['guilds'])} guilds.")


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import show_campaign

    view = show_campaign(database(args), args.name, archived=args.archived)
    if args.json:
        emit_json(view.to_dict())
    else:
        _print_view(view)
    return 0


def _list(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import list_campaigns

    views = list_campaigns(database(args), archived=args.archived)
    if args.json:
        emit_json([{"name": v.name, "guilds": list(v.summary["guilds"]),
                    "scenarios": len(v.summary["scenarios"]), "valid": v.report.valid,
                    "next": v.summary["next"]} for v in views])
        return 0
    if not views:
        emit("No campaigns yet; start one with 'chronicle campaign new NAME --guild COLOR ...'"
             " or 'chronicle campaign import FILE'.")
        return 0
    rows = []
    for v in views:
        upcoming = v.summary["next"]
        state = (f"won by {upcoming['campaign_winner']}" if upcoming["campaign_winner"] else
                 f"next: scenario {upcoming['number']}" if upcoming["number"] else "over")
        rows.append([v.name, ", ".join(v.summary["guilds"]), str(len(v.summary["scenarios"])),
                     state])
    table(["campaign", "guilds", "played", "state"], rows, [20, 20, 6, 10])
    return 0


def _next(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import show_campaign

    view = show_campaign(database(args), args.name)
    if args.json:
        emit_json(view.summary["next"])
    else:
        for line in _next_lines(view.summary["next"]):
            emit(line)
    return 0


def _history(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import show_campaign

    view = show_campaign(database(args), args.name)
    if args.json:
        emit_json(view.to_dict()["history"])
        return 0
    rows = [[str(h.number), (h.recorded_at or "")[:10], h.text
             + (f" (undone by {h.undone_by})" if h.undone_by else "")] for h in view.history]
    table(["#", "recorded", "event"], rows, [3, 10, 20])
    return 0


def _import(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import import_campaign

    view = import_campaign(database(args), args.file, name=args.name)
    return _done(view, args, f"Imported {view.name}: {len(view.summary['guilds'])} guilds, "
                             f"{len(view.summary['scenarios'])} scenario(s) played.")


def _undo(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import undo

    view, target = undo(database(args), args.name, args.number, args.note)
    emit(f"Undid event {target.number} of {view.name} ({target.text}); it stays in the "
         "history.")
    return 0


def _correct(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import correct

    payload = {"color": args.guild, "note": args.note, "coins": args.coins,
               "add_cards": args.add_card, "remove_cards": args.remove_card,
               "add_titles": args.title}
    view = correct(database(args), args.name, payload)
    return _done(view, args, f"Corrected the {args.guild} guild of {view.name}.")


def _own(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import own_products

    owned = own_products(database(args), args.player, args.products)
    if args.json:
        emit_json({"owned": owned})
    else:
        emit("The group owns: " + ", ".join(owned))
    return 0


def _products(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import known_products, owned_products

    db = database(args)
    known, owned = known_products(db), owned_products(db) or []
    if args.json:
        emit_json({"known": known, "owned": owned})
        return 0
    held = {p.casefold() for p in owned}
    for product in known:
        emit(("* " if product.casefold() in held else "  ") + product)
    emit("(* owned by the group)" if owned else
         "No product recorded yet: every known scenario is offered ('campaign own PLAYER "
         "PRODUCT').")
    return 0


# --- chronicle scenario / chronicle upgrade ---------------------------------------------------


def register_scenario(parser: argparse.ArgumentParser) -> None:
    """``chronicle scenario record``."""
    sub = parser.add_subparsers(dest="scenario_command", metavar="COMMAND", required=True)
    record = _command(sub, "record", "record a scenario played", _scenario,
                      "Record a scenario played: its winner, then what each guild did "
                      "(--guild COLOR and the options after it). Coins are counted from these.")
    record.add_argument("campaign")
    record.add_argument("scenario", help="the scenario's name")
    record.add_argument("--winner", required=True, type=str.lower, choices=COLORS,
                        metavar="COLOR")
    record.add_argument("--date", help="when it was played (YYYY-MM-DD)")
    record.add_argument("--note")
    _guild_option(record)
    _per_guild(record, "--quest", "quests", "list", "a quest it completed (pvp:COLOR for a "
                                                    "PvP quest); repeat")
    _per_guild(record, "--first", "first", "list", "a quest it completed first; repeat")
    _per_guild(record, "--kills", "hero_kills", "value", "enemy heroes its heroes killed",
               type=int)
    _per_guild(record, "--monsters", "monster_coins", "value",
               "the coin values of the monsters it killed, added up", type=int)
    _per_guild(record, "--chests", "chests", "value", "its treasure chests' values, added up",
               type=int)
    _per_guild(record, "--death", "deaths", "count", "a death token of HERO (HERO=N for N)",
               metavar="HERO")
    _per_guild(record, "--neutral-death", "neutral_deaths", "count",
               "of those, a death to a monster or neutral effect", metavar="HERO")
    _per_guild(record, "--title", "title", "value", "the title it earned")
    _per_guild(record, "--reward", "rewards", "list", "a reward card it won; repeat",
               metavar="CARD")
    add_json(record)


def _scenario(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import record_scenario

    payload: dict[str, Any] = {"name": args.scenario, "winner": args.winner,
                               "guild": list(args.guilds or [])}
    if args.date:
        payload["date"] = args.date
    if args.note:
        payload["notes"] = args.note
    view = record_scenario(database(args), args.campaign, payload)
    earned = {c: g["coins_earned"][-1] for c, g in view.summary["guilds"].items()}
    played = view.summary.get("scenarios") or [{}]
    shown = played[-1].get("name", args.scenario) if isinstance(played[-1], dict) \
        else args.scenario
    return _done(view, args, f"Recorded {shown} in {view.name}, won by {args.winner}. "
                             "Coins earned: " + ", ".join(f"{c} {n}" for c, n in earned.items()))


def register_upgrade(parser: argparse.ArgumentParser) -> None:
    """``chronicle upgrade record``."""
    sub = parser.add_subparsers(dest="upgrade_command", metavar="COMMAND", required=True)
    record = _command(sub, "record", "record the upgrade phase after the last scenario",
                      _upgrade,
                      "Record the upgrade phase after the last scenario, guild by guild "
                      "(--guild COLOR and the options after it): at most 3 cards bought, 12 "
                      "cards at most, one coin carried, each hero's curse kept.")
    record.add_argument("campaign")
    record.add_argument("--note")
    _guild_option(record)
    _per_guild(record, "--buy", "bought", "list", "a card bought; repeat", metavar="CARD")
    _per_guild(record, "--discard", "discarded", "list", "a card discarded; repeat",
               metavar="CARD")
    _per_guild(record, "--curse", "curses", "pair", "the curse a hero keeps", nargs=2,
               metavar=("HERO", "CURSE"))
    _slot_option(record, "a hero's slots after the phase (heroes not given keep theirs)")
    add_json(record)


def _upgrade(args: argparse.Namespace) -> int:
    from chronicle.systems.arcadia_quest.service import record_upgrade

    payload: dict[str, Any] = {"upgrade": list(args.guilds or [])}
    if args.note:
        payload["note"] = args.note
    view = record_upgrade(database(args), args.campaign, payload)
    held = {c: g["coins_carried"] for c, g in view.summary["guilds"].items()}
    return _done(view, args, f"Recorded the upgrade phase of {view.name}. Coins carried: "
                             + ", ".join(f"{c} {n}" for c, n in held.items()))
