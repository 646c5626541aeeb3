"""again: pools of d10 where 8+ succeeds and high faces roll again (seed 003).

Each die showing 8, 9 or 10 is one success. A die at or above the ``again``
value (10, or 9 / 8 with the powers that grant 9-again / 8-again) also adds a
new die, which counts and may roll again in turn, with no limit. A pool cut
below one die still rolls one die. The pool is a Core Statistic plus a Skill
(``dice_pool``; ``Check.skill``, ``Mitigated.skill``, ``Opposed.skills`` and the
``skill``, ``mitigated_skill`` and ``opposed_skills`` kinds). Any roll of 5 or
more successes is a critical success (``critical``), a failed one too. After a
failure the botch die botches on a 1 (on 1 to ``botch_faces`` under a power that
makes botches likelier), unless a power skips it (``botch="none"``); in an
opposed roll the side that loses rolls it.

Exact maths, with ``r`` the chance that a die rolls again, ``q`` the chance
of a success that stops and ``f = 7/10`` the chance of a failure: one die's
successes have the generating function ``(f + q z) / (1 - r z)``, so a pool of
``n`` dice is a binomial count plus an independent negative binomial one. Its
probabilities follow a three-term recurrence in integers over powers of 10.
Opposed pools sum an infinite series in closed form (see ``Opposed``).
"""

from __future__ import annotations

from .._dist import TAIL_BELOW
from .._lazy import lazy
from ._checks import Check, Mitigated, MitigatedSkill, Opposed, OpposedSkills, SkillCheck
from ._glossary import GLOSSARY

# Importable as before though not in __all__: each outcome name and the botch field's type.
from ._rules import (  # noqa: F401
    ACTIVE_WINS,
    AGAIN_VALUES,
    BOTCH_FACE,
    BOTCH_FACES,
    BOTCH_MODES,
    BOTCHED_CRITICAL,
    CRITICAL_FAILURE,
    CRITICAL_READINGS,
    CRITICAL_SUCCESS,
    CRITICAL_SUCCESSES,
    DEFENDER_WINS,
    DIFFICULTIES,
    FAILED_CRITICAL,
    FAILURE,
    LIMITS,
    MAX_BOUND,
    MAX_DC,
    MAX_DICE,
    MAX_OPPOSED_BOUND,
    MAX_OPPOSED_DICE,
    OPPOSED_CRITICAL_READINGS,
    OPPOSED_OUTCOMES,
    OUTCOMES,
    SUCCESS,
    SUCCESS_FACE,
    SYSTEM,
    TIE,
    WORDS,
    Botch,
    Critical,
    OpposedCritical,
    dice_pool,
)
from ._rulings import RULINGS

CHECKS: dict[str, type] = {
    "check": Check,
    "mitigated": Mitigated,
    "opposed": Opposed,
    "skill": SkillCheck,
    "mitigated_skill": MitigatedSkill,
    "opposed_skills": OpposedSkills,
}
"""The check classes by the name the command line uses."""

__all__ = [
    "Check",
    "Mitigated",
    "Opposed",
    "SkillCheck",
    "MitigatedSkill",
    "OpposedSkills",
    "dice_pool",
    "DIFFICULTIES",
    "OUTCOMES",
    "FAILED_CRITICAL",
    "BOTCHED_CRITICAL",
    "OPPOSED_OUTCOMES",
    "AGAIN_VALUES",
    "BOTCH_MODES",
    "CRITICAL_READINGS",
    "OPPOSED_CRITICAL_READINGS",
    "BOTCH_FACES",
    "SUCCESS_FACE",
    "CRITICAL_SUCCESSES",
    "BOTCH_FACE",
    "TAIL_BELOW",
    "SHEET",
    "GLOSSARY",
    "MAX_DICE",
    "MAX_DC",
    "MAX_BOUND",
    "MAX_OPPOSED_DICE",
    "MAX_OPPOSED_BOUND",
    "SYSTEM",
    "WORDS",
    "CHECKS",
    "RULINGS",
    "LIMITS",
]


TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._sheet import SHEET

# The system's sheet (its characters' values) loads on first use: a roll needs none of it.
__getattr__, __dir__ = lazy(globals(), {"SHEET": "_sheet"})
