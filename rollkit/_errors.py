"""The errors rollkit raises: all are ``ValueError`` subclasses."""

from __future__ import annotations

__all__ = ["RulesError", "ParameterTypeError", "LimitError", "NotationError"]


class RulesError(ValueError):
    """A parameter, face or notation that the rules do not allow.

    The message names the parameter, the value given and what is allowed.
    """


class ParameterTypeError(RulesError, TypeError):
    """A parameter of the wrong type (also a ``TypeError``)."""


class LimitError(RulesError):
    """A size that the rules allow but that is too large to compute exactly here."""


class NotationError(RulesError):
    """Check notation that cannot be read, or that needs values it does not give."""
