"""The game-agnostic rules engine: reports of violations and their codes, the card resolver
(``resolve``), ledger replay with undo (``ledger``), editions as a base each game extends,
dice odds over any faces, exact fitting.

Game systems (``chronicle.systems.<game>``) build their rules on these pieces. Nothing here
imports Textual, SQLModel, SQLAlchemy or reportlab.
"""

from chronicle.rules.report import Report, Severity, Violation

__all__ = ["Report", "Severity", "Violation"]
