"""Arcadia Chronicle: characters, chronicles and game preparation for Arcadia: The Wyld Hunt.

The package root holds only the version, so that importing any submodule stays cheap and never
drags in the database, TUI or PDF stacks.
"""

__version__ = "0.1.0"
