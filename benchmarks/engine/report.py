"""The engine benchmark's Markdown report (the tables on the site's Performance page)."""

from __future__ import annotations

import os
from typing import Any

from benchmarks.engine.cases import FAMILIES
from benchmarks.engine.hostile import section
from benchmarks.engine.timing import IMPORTS, SLOW_CALL, SLOW_REPEATS
from benchmarks.targets import ENGINE_RATIO, IMPORT_MS, REFUSAL_MS

NOISY_SHARE = 0.1  # other processes' share of the CPUs above which a run is flagged noisy


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds:.3g} s"


def fmt_ratio(ratio: float) -> str:
    if ratio <= 1:
        return f"{ratio:.3g} ({1 / ratio:.3g}x faster)"
    return f"{ratio:.3g} ({ratio:.3g}x slower)"


def ratio_row(rollkit: float, others: dict[str, float]) -> tuple[float, str, bool]:
    best_engine = min(others, key=lambda e: others[e])
    ratio = rollkit / others[best_engine]
    return ratio, best_engine, ratio <= ENGINE_RATIO


def report(
    meta: dict[str, Any],
    settings: dict[str, Any],
    imports: dict[str, Any],
    checks: list[dict[str, Any]],
    rows: list[dict[str, Any]],
    hostile: list[dict[str, Any]] | None = None,
) -> str:
    out: list[str] = []
    add = out.append
    add("# rollkit engine benchmark\n")
    v = meta["versions"]
    add(f"- date: {meta['date']}")
    add(
        f"- machine: {meta['platform']} ({meta['machine']}), {meta['cpu']},"
        f" {meta['cpu_count']} CPUs; {meta['python_implementation']} {meta['python']}"
    )
    add(
        f"- engines: rollkit {v['rollkit']} (commit {meta['commit']}"
        f"{', with uncommitted changes in rollkit/' if meta['rollkit_changes'] else ''}),"
        f" icepool {v['icepool']}, dyce {v['dyce']}"
    )
    if meta.get("other_cpu_share") is not None:
        share = meta["other_cpu_share"]
        add(
            f"- other processes used {share:.0%} of the machine's CPU time during the run"
            + (" (**other work was running: timings are noisy**)" if share > NOISY_SHARE else "")
        )
    add(
        f"- settings: {'quick subset' if settings['quick'] else 'full run'}; warm = median of"
        f" {settings['repeats']} runs (at most {SLOW_REPEATS} for calls over"
        f" {SLOW_CALL * 1e3:g} ms), inner loop scaled to >= {settings['target_ms']:g} ms;"
        f" cold = median of {settings['repeats']} (rollkit cache_clear) and of"
        f" {settings['fresh_repeats']} fresh processes; fresh = median of"
        f" {settings['fresh_repeats']} processes"
    )
    add("- ratio = rollkit time / the faster of icepool and dyce; target: <= 0.1 (rollkit >= 10x faster)\n")

    add("## Import time (fresh interpreter, start-up excluded)\n")
    add(
        "Median of fresh processes. *Bytecode cached* is what the fresh-process figures"
        " below use; *environment as is* runs with this shell's environment"
        f" (PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', 'unset')},"
        f" `rollkit/__pycache__` {'present' if meta['rollkit_pycache'] else 'absent'}: without"
        " it rollkit is compiled from source on every import).\n"
    )
    add("| import | bytecode cached | environment as is | target |")
    add("|---|---:|---:|---|")
    for module in IMPORTS:
        ms = imports["cached"][module]["median"] * 1e3
        as_is = imports["as_is"][module]["median"] * 1e3
        target = f"< {IMPORT_MS:g} ms: {'met' if ms < IMPORT_MS else 'MISSED'}" if module == "rollkit" else ""
        add(f"| `import {module}` | {ms:.1f} ms | {as_is:.1f} ms | {target} |")
    add(
        "\nThe fresh-process figures import `rollkit.<system>` (rollkit loads systems on first"
        " use), `icepool` or `dyce`.\n"
    )

    bad = [c for c in checks if not c["ok"]]
    add("## Answers\n")
    if bad:
        add(f"**MISMATCH: {len(bad)} of {len(checks)} answer checks failed**\n")
        for c in bad:
            add(f"- **{c['case']} / {c['question']} / {c['engine']}**: {c['detail']}")
    else:
        add(
            f"All {len(checks)} checks equal (exact Fractions): chance, and the full distribution"
            " of the tally, for icepool and dyce against rollkit; rollkit's outcomes against"
            " those rebuilt from each tally (critdice: success and critical success as their"
            " sum). Exploding dice: the listed part up to rollkit's default bound plus the"
            " exact tail, at explosion depths where equality is guaranteed:"
        )
        for row in rows:
            case = row["case"]
            if row["question"] == "chance" and case["family"] in ("again", "critdice"):
                add(
                    f"  - {case['label']}: bound {case['bound']}, depth {case['depth_chance']}"
                    f" for chance, {case['depth_tally']} for the distribution"
                )
    add("")

    kinds = (
        (
            "warm",
            "Warm (in-process, after a first call)",
            "rollkit builds the check in every call; *call only* reuses one built check.",
        ),
        (
            "cold",
            "Cold (first answer, nothing cached, import excluded)",
            (
                "rollkit *cache_clear* is in-process after clearing every lru_cache; the other"
                " columns are the first call in a fresh process; the ratio uses those."
            ),
        ),
        ("fresh", "Fresh process (import + first answer, interpreter start-up excluded)", ""),
    )
    for kind, title, note in kinds:
        add(f"## {title}\n")
        if note:
            add(note + "\n")
        extra = {"warm": " rollkit call only |", "cold": " rollkit cache_clear |", "fresh": ""}[kind]
        add(f"| case | question | rollkit |{extra} icepool | dyce | ratio | >= 10x |")
        add("|---|---|---:|" + ("---:|" if extra else "") + "---:|---:|---:|:---:|")
        for row in rows:
            r = row[kind]
            q = row["question"] + (" *" if row["question"] != "chance" else "")
            cells = [row["case"]["label"], q, fmt_time(r["rollkit"])]
            if kind == "warm":
                cells.append(fmt_time(r["rollkit_call_only"]))
            if kind == "cold":
                cells.append(fmt_time(r["rollkit_cache_clear"]))
            cells += [
                fmt_time(r["icepool"]),
                fmt_time(r["dyce"]),
                f"{fmt_ratio(r['ratio'])} vs {r['best']}",
                "yes" if r["met"] else "**no**",
            ]
            add("| " + " | ".join(cells) + " |")
        add("\n\\* icepool and dyce: the full distribution of the tally, for both rows.\n")

    if hostile is not None:
        add(section(hostile))

    add("## Summary\n")
    ms = imports["cached"]["rollkit"]["median"] * 1e3
    as_is = imports["as_is"]["rollkit"]["median"] * 1e3
    add(
        f"- `import rollkit`: {ms:.1f} ms from cached bytecode ({as_is:.1f} ms with the"
        f" environment as is), target < {IMPORT_MS:g} ms:"
        f" {'met' if ms < IMPORT_MS else '**missed**'}; with one system loaded"
        f" {min(imports['cached'][f'rollkit.{f}']['median'] for f in FAMILIES) * 1e3:.1f}"
        f" to {max(imports['cached'][f'rollkit.{f}']['median'] for f in FAMILIES) * 1e3:.1f}"
        " ms"
    )
    for kind, _, _ in kinds:
        misses: dict[str, list[str]] = {}
        for row in rows:
            if not row[kind]["met"]:
                misses.setdefault(row["case"]["label"], []).append(
                    f"{row['question']} {row[kind]['ratio']:.2g}"
                )
        met = sum(row[kind]["met"] for row in rows)
        add(f"- {kind}: {met} of {len(rows)} meet the 10x target" + ("; misses (ratio):" if misses else ""))
        for case_label, items in misses.items():
            add(f"  - {case_label}: {', '.join(items)}")
    if hostile is not None:
        slow = [r for r in hostile if not (r["refused"] and r["median"] * 1e3 < REFUSAL_MS)]
        add(
            f"- hostile input: {len(hostile) - len(slow)} of {len(hostile)} refused within {REFUSAL_MS:g} ms"
            + ("; missed: " + ", ".join(r["case"] for r in slow) if slow else "")
        )
    add(f"- answers: {'all equal' if not bad else f'**{len(bad)} MISMATCHES**'}")
    return "\n".join(out) + "\n"
