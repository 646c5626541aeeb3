"""The errors rollkit raises: all are ``ValueError`` subclasses.

A ``RulesError`` about one field of a check says which, as data: ``field`` (its name),
``item`` and ``part`` (an entry of a list field and a number within it, from 0), and
``said``: the same mistake in the rules' words for players, where ``{name}`` stands for a
field's label (``"{dice}: 9 is out of range ..."`` reads "Dice Pool: 9 is out of range").
The message itself (``str(error)``) is written for Python: ``dice=9 is not allowed: ...``.
"""

from __future__ import annotations

__all__ = ["RulesError", "ParameterTypeError", "LimitError", "NotationError"]


class RulesError(ValueError):
    """A parameter, face or notation that the rules do not allow.

    The message names the parameter, the value given and what is allowed.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        item: int | None = None,
        part: int | None = None,
        said: str | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.item = item
        self.part = part
        self.said = said

    def about(self, field: str, *, item: int | None = None, part: int | None = None) -> RulesError:
        """This error, now known to be about ``field`` (kept when it already names one)."""
        if self.field is None:
            self.field, self.item, self.part = field, item, part
        return self


class ParameterTypeError(RulesError, TypeError):
    """A parameter of the wrong type (also a ``TypeError``)."""


class LimitError(RulesError):
    """A size that the rules allow but that is too large to compute exactly here."""


class NotationError(RulesError):
    """Check notation that cannot be read, or that needs values it does not give."""
