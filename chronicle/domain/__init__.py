"""Value types shared by every game system: who a card comes from and how names are matched.

Pure Python: no Textual, SQLModel, SQLAlchemy or reportlab.
"""

from chronicle.domain.values import Origin, name_key

__all__ = ["Origin", "name_key"]
