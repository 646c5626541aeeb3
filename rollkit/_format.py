"""How exact values are shown to people: one place, integer arithmetic only.

A probability is shown from its exact ``Fraction``, never from a float that can
underflow: ``100%`` and ``0%`` appear only for exactly 1 and 0, anything else
that would round to them shows as ``>99.99%`` or in significant digits. A
fraction is written whole while it is short and shortened beyond
``FRACTION_DIGITS`` characters; ``--json`` and ``--exact`` always give it whole.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

__all__ = [
    "FRACTION_DIGITS",
    "PLACES",
    "TEXT_PLACES",
    "WIDTH",
    "detail",
    "fraction",
    "percent",
    "probability_json",
    "wrap",
]

PLACES = 2
"""Decimal places of a shown percentage (``43.75%``)."""

TEXT_PLACES = 4
"""Decimal places of percentages in the command line's text tables (``43.7500%``)."""

FRACTION_DIGITS = 40
"""Longest exact fraction written whole; a longer one shows its first digits and its size."""

WIDTH = 100
"""Text output wraps longer lines (a check with many helpers) at spaces, indented."""

SCIENTIFIC_BELOW = -6
"""Percentages below 10**-6 % are written as ``1.2 × 10⁻⁹%`` instead of many zeros."""

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _round_half_up(numerator: int, denominator: int) -> int:
    quotient, remainder = divmod(numerator, denominator)
    return quotient + (2 * remainder >= denominator)


def _magnitude(value: Fraction) -> int:
    """The exponent e with 10**e <= value < 10**(e + 1), for value > 0."""
    exponent = len(str(value.numerator)) - len(str(value.denominator))
    if value < Fraction(10) ** exponent:
        exponent -= 1
    return exponent


def percent(p: Fraction, *, places: int = PLACES) -> str:
    """``p`` as a percentage for people: exact 0 and 1 only as ``0%`` and ``100%``.

    >>> percent(Fraction(7, 16)), percent(Fraction(1)), percent(Fraction(0))
    ('43.75%', '100%', '0%')
    >>> percent(1 - Fraction(1, 10**9)), percent(Fraction(3, 10**7))
    ('>99.99%', '0.00003%')
    >>> percent(Fraction(1, 7 * 10**20))
    '1.4 × 10⁻¹⁹%'
    """
    p = Fraction(p)
    if p == 0 or p == 1:
        return f"{int(p * 100)}%"
    if p < 0:
        return "-" + percent(-p, places=places)
    scale = 100 * 10**places
    if p * scale >= 1:  # at least the last shown place: fixed decimals
        shown = _round_half_up(p.numerator * scale, p.denominator)
        if shown >= scale and p < 1:
            return ">" + _fixed(scale - 1, places) + "%"
        return _fixed(shown, places) + "%"
    # smaller than the last place: two significant digits, never rounded to 0
    value = p * 100
    exponent = _magnitude(value)
    digits = _round_half_up(value.numerator * 10 ** (1 - exponent), value.denominator)
    if digits == 100:
        digits, exponent = 10, exponent + 1
    mantissa = f"{digits // 10}.{digits % 10}".removesuffix(".0")
    if exponent >= SCIENTIFIC_BELOW:
        return ("0." + "0" * (-exponent - 1) + str(digits)).rstrip("0") + "%"
    return f"{mantissa} × 10{str(exponent).translate(_SUPERSCRIPT)}%"


def _fixed(units: int, places: int) -> str:
    """``units`` hundredths (for 2 places) as a decimal string."""
    whole, part = divmod(units, 10**places)
    return f"{whole}.{part:0{places}d}" if places else str(whole)


def fraction(p: Fraction, *, digits: int = FRACTION_DIGITS) -> str:
    """``p`` as ``n/d`` while short, else its first digits and the size of each part.

    >>> fraction(Fraction(3, 8))
    '3/8'
    >>> fraction(Fraction(2**200 + 1, 3**150))
    '16069380…/36998848… (61/72 digits)'
    """
    p = Fraction(p)
    numerator, denominator = str(p.numerator), str(p.denominator)
    whole = numerator if denominator == "1" else f"{numerator}/{denominator}"
    if len(whole) <= digits:
        return whole
    head = max(4, (digits - 24) // 2)

    def cut(text: str) -> str:
        return text if len(text) <= head else text[:head] + "…"

    if denominator == "1":
        return f"{cut(numerator)} ({len(numerator)} digits)"
    return f"{cut(numerator)}/{cut(denominator)} ({len(numerator)}/{len(denominator)} digits)"


def detail(value: object) -> str:
    """A roll's detail for people: a chance as its percentage and fraction, a yes or no, a
    list joined by commas, anything else as written.

    >>> detail(Fraction(9, 10)), detail(True), detail((3, 4))
    ('90.00% (9/10)', 'yes', '3, 4')
    """
    if isinstance(value, Fraction):
        return f"{percent(value)} ({fraction(value)})"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(detail(v) for v in value)
    return str(value)


def probability_json(p: Fraction) -> dict[str, object]:
    """A probability as plain data: the whole exact fraction, a float, and both displays."""
    return {
        "probability": str(p),
        "float": p.numerator / p.denominator,
        "percent": percent(p),
        "fraction": fraction(p),
    }


def wrap(line: str, *, width: int = WIDTH) -> str:
    """A long line of text output broken at spaces, continuation lines indented."""
    if len(line) <= width:
        return line
    return textwrap.fill(
        line, width=width, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False
    )
