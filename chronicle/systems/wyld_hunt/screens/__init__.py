"""Wyld Hunt's screens, one per module: the app's Cards, Characters and Games areas and
everything they open (named in the system's ``screens`` and ``areas``, imported only when
shown)."""
