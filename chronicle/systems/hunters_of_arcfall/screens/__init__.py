"""The Hunters of Arcfall screens of the app (``table``: the score keeper)."""
