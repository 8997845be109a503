"""The app's screens and dialogs, one per module."""
