"""The generic services reach Wyld Hunt only through the registry: its part of the whole
export (``GameSystem.exchange``) and its characters and games (``GameSystem.chronicles``) are
named lazily by its system value, a game that keeps no tables of its own holds no player back,
and what a game's services remember is forgotten when a database is replaced."""

from __future__ import annotations

from chronicle.systems import registry
from chronicle.systems.protocol import load_name


def test_every_wyld_hunt_event_kind_has_a_stored_payload_model() -> None:
    from chronicle.systems.wyld_hunt.codec import KINDS
    from chronicle.systems.wyld_hunt.payloads import PAYLOADS

    assert set(PAYLOADS) == set(KINDS)


def test_the_home_system_names_its_part_of_the_export_and_its_chronicles() -> None:
    home = registry.system(registry.home())
    assert home.home.exchange is not None and home.chronicles is not None
    exchange = load_name(home.home.exchange)
    for name in ("cards", "check_payloads", "check_cards", "chronicle_problems",
                 "card_entries", "save_cards"):
        assert callable(getattr(exchange, name)), name
    chronicles = load_name(home.chronicles)
    for name in ("show_character", "list_characters", "show_game", "character_view",
                 "game_view", "catalog"):
        assert callable(getattr(chronicles, name)), name
    assert registry.system("ironheart").chronicles == home.chronicles


def test_a_game_keeping_no_tables_of_its_own_holds_no_player_back(db_url: str) -> None:
    """A player's delete asks each game with ``chronicles`` what it keeps of them in tables of
    its own (``player_blockers``); a game without (the toy) adds nothing, and Wyld Hunt's
    answer, its characters, comes with the app's keys."""
    import dbfixtures as fx
    import toy_game

    from chronicle.services import playermending, players

    for db in fx.database(db_url):
        players.add_player(db, "Ada")
        with registry.registered(toy_game.SYSTEM):
            assert toy_game.SYSTEM.chronicles is None
            assert playermending.plan_player_delete(db, "Ada").action == "delete"
            fx.winerdria(db)
            plan = playermending.plan_player_delete(db, "Tim")
        assert plan.action == "refuse" and "their characters Winerdria" in plan.blockers
        assert plan.app_fix.startswith("delete or archive their characters (2, then del)")


def test_a_replaced_database_forgets_what_every_service_remembered() -> None:
    from chronicle.services.remembered import forget_all, forget_with

    remembered = {"checked": 1}
    forget = remembered.clear
    forget_with(forget)
    forget_with(forget)  # once only
    forget_all()
    assert remembered == {}
    from chronicle.services import remembered as module

    assert module._FORGETTERS.count(forget) == 1
    module._FORGETTERS.remove(forget)
