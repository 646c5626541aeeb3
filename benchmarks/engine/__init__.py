"""Benchmark rollkit's exact odds against icepool and dyce, and check all three agree.

    .venv/bin/python scripts/bench_engine.py                  # full run, about 1.5 minutes on 2 cores
    .venv/bin/python scripts/bench_engine.py --quick          # a subset, under a minute
    .venv/bin/python scripts/bench_engine.py --json out.json  # also write every raw number

Modules: ``cases`` (what is asked, and the exact explosion depths), ``adapters``
(rollkit, icepool and dyce answering each case: ``make``), ``answers`` (exact
comparison: ``check_answers``), ``timing``, ``report`` and ``run`` (the command
line). The cases, adapters and answer checks are importable from here.

Prints Markdown: the machine, ``import`` times (target: ``import rollkit`` under
20 ms), whether the answers agree, and three tables of timings, each with
rollkit's time divided by the faster of icepool and dyce (the project target is
a ratio of 0.1 or less, rollkit 10x faster):

* warm: in one process, after a first call, the median over ``--repeats`` runs
  of an inner loop auto-scaled to ``--target-ms``. Each timed call answers the
  question from its parameters (rollkit builds the check, icepool and dyce
  build their dice), so warm rollkit answers come from its ``lru_cache``s;
  "call only" reuses one built check.
* cold: the first answer with nothing cached. rollkit is timed in this process
  after ``cache_clear()`` on every ``lru_cache`` in rollkit, and for all three
  engines as the first call in a fresh process (import not included).
* fresh process: ``import`` (for rollkit: ``rollkit.<system>``, as systems load
  on first use) plus the first answer in a new interpreter, timed inside it
  (interpreter start-up excluded), median over ``--fresh-repeats``.

Child interpreters read and write bytecode in a temporary ``PYTHONPYCACHEPREFIX``
(primed before timing, removed at the end), so all three engines import from
cached bytecode as an installed package would. The import table also shows the
environment as is: with ``PYTHONDONTWRITEBYTECODE=1`` and no ``rollkit/__pycache__``
in the checkout, rollkit is compiled from source on every import while icepool
and dyce load the ``.pyc`` files pip wrote when installing them.

Questions per case: ``chance`` (probability of success) for all three; rollkit's
``outcomes()`` and ``distribution()`` are each set against the full distribution
of the tally from icepool and dyce (for ``outcomes`` that is generous to them:
they would still have to group it, and for critdice cannot split success from
critical success with the tally alone).

Answers are compared as exact Fractions; any mismatch is printed loudly and the
command exits with status 1. Exploding dice (again, critdice) have infinite
support: icepool and dyce are given an explosion depth just large enough that
the compared quantities are exactly equal (see ``again_depths`` and
``critdice_depths`` in ``cases`` for the argument), and the full distribution is compared on
rollkit's listed part up to its default bound plus the exact tail above it.

Touches nothing in rollkit; icepool and dyce are dev-only tools of .venv.
"""

from benchmarks.engine.adapters import ENGINES, OTHERS, Case, make
from benchmarks.engine.answers import (
    canonical,
    check_answers,
    digest,
    outcomes_from_tally,
)
from benchmarks.engine.cases import (
    FAMILIES,
    again_depths,
    case_list,
    critdice_depths,
    label,
    prepare,
    smallest_cases,
)

__all__ = [
    "ENGINES",
    "FAMILIES",
    "OTHERS",
    "Case",
    "again_depths",
    "canonical",
    "case_list",
    "check_answers",
    "critdice_depths",
    "digest",
    "label",
    "make",
    "outcomes_from_tally",
    "prepare",
    "smallest_cases",
]
