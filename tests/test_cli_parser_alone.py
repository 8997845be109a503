"""A built-in command run alone builds only its own parser (start-up), and that parser is the
very one of the whole command tree: same usage, options and help."""

from __future__ import annotations

import argparse

import pytest

from chronicle.cli import parser as cli_parser
from chronicle.systems import registry


def subparser(tree: argparse.ArgumentParser, word: str) -> argparse.ArgumentParser:
    for action in tree._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[word]
            return found
    raise AssertionError("no commands")


def choices(tree: argparse.ArgumentParser) -> list[str]:
    for action in tree._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def test_every_built_in_command_can_be_built_alone() -> None:
    groups = {group.name for system in registry.systems() for group in system.commands}
    built_in = [word for word in choices(cli_parser.build_parser()) if word not in groups]
    assert sorted(built_in) == sorted(cli_parser._ALONE)


@pytest.mark.parametrize("word", sorted(cli_parser._ALONE))
def test_a_built_in_command_alone_is_as_in_the_whole_tree(word: str) -> None:
    whole = subparser(cli_parser.build_parser([word, "--help"], completing=True), word)
    alone_tree = cli_parser.build_parser([word, "--help"])
    assert choices(alone_tree) == [word] or set(choices(alone_tree)) < set(cli_parser._ALONE)
    alone = subparser(alone_tree, word)
    assert alone.format_help() == whole.format_help()
    assert alone.format_usage() == whole.format_usage()


@pytest.mark.parametrize("argv", [["-h", "check"], ["--help"], ["-h", "character"], []])
def test_the_top_level_help_and_other_commands_get_the_whole_tree(argv: list[str]) -> None:
    assert "check" in choices(cli_parser.build_parser(argv))
    assert "export" in choices(cli_parser.build_parser(argv))


def home_groups() -> list[str]:
    return [group.name for group in registry.system(registry.DEFAULT).commands]


@pytest.mark.parametrize("word", home_groups())
def test_a_home_game_group_alone_is_as_in_the_whole_tree(word: str) -> None:
    """``chronicle character show ...`` builds the ``character`` group only (start-up), and
    that group is the very one of the whole command tree, subcommands included."""
    whole = subparser(cli_parser.build_parser([word, "--help"], completing=True), word)
    alone_tree = cli_parser.build_parser([word, "--help"])
    assert choices(alone_tree) == [word]
    alone = subparser(alone_tree, word)
    assert alone.format_help() == whole.format_help()
    for name in choices(whole):
        assert subparser(alone, name).format_help() == subparser(whole, name).format_help()


def test_another_games_group_still_reads_every_game() -> None:
    tree = cli_parser.build_parser(["hunt", "list"])
    assert "hunt" in choices(tree) and "check" in choices(tree)


@pytest.mark.parametrize("word", home_groups())
def test_a_home_game_subcommand_run_alone_gets_the_only_parser_built(word: str) -> None:
    """``chronicle character show NAME`` builds the parser of ``show`` only (the group has
    eleven subcommands), and it is the very one the whole tree builds for the same command
    line; a subcommand that does not exist gets every one, so that the error lists them."""
    names = choices(subparser(cli_parser.build_parser([word, "--help"], completing=True), word))
    for name in names:
        argv = [word, name, "x"]
        whole = subparser(subparser(cli_parser.build_parser(argv, completing=True), word), name)
        alone = subparser(cli_parser.build_parser(argv), word)
        assert choices(alone) == [name]
        assert subparser(alone, name).format_help() == whole.format_help()
        assert subparser(alone, name).format_usage() == whole.format_usage()
    whole = subparser(cli_parser.build_parser([word, "no-such"], completing=True), word)
    typo = subparser(cli_parser.build_parser([word, "no-such"]), word)
    assert choices(typo) == choices(whole) == names
    assert typo.format_help() == whole.format_help()
