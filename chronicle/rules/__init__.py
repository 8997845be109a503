"""The game-agnostic rules engine: reports of violations, editions, dice odds, exact fitting.

Game systems (``chronicle.systems.<game>``) build their rules on these pieces. Nothing here
imports Textual, SQLModel, SQLAlchemy or reportlab.
"""

from chronicle.rules.report import Report, Severity, Violation

__all__ = ["Report", "Severity", "Violation"]
