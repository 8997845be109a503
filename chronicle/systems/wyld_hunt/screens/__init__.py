"""Wyld Hunt's own parts of the app's screens (Textual widgets that speak its rules)."""
