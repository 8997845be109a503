"""Reading card files (bundled and the user's own) into a catalog of domain cards, and search.

Depends only on the rules/domain layers and the game systems' card schemas; no database, TUI or
PDF code.
"""
