"""Arcadia Quest in the app: the campaigns screen (the game's "main" screen, opened from the
"Other games" area) and its dialogs for recording a scenario and an upgrade phase. One screen
per module; user and card text through ``chronicle.tui.text`` (never markup)."""
