"""Game systems, one package each (``wyld_hunt``, ``tales_of_arcadia``, ``arcadia_quest``,
``hunters_of_arcfall``): a game's card schema, files, rules and codes, ledger events, sheets,
odds and screens. ``protocol`` says what a system provides and ``registry`` finds the installed
ones through their entry points; adding a game means adding a package, not editing every
folder (``docs/architecture.md``).
"""
