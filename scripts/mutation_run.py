"""The mutation run: which planted bugs does the test suite not notice?

mutmut (the `dev` extra: pip install -e ".[dev]") plants one small bug at a time (a `<` made
`<=`, a number off by one, a call dropped) in what [tool.mutmut] in pyproject.toml names (the
engine, storage and the generic ruleset) and runs the tests that reach that code. A mutant the
tests do not fail on "survives": a behaviour nothing guards. This prints each survivor's name
and diff and a count of every outcome. It is a developer's tool, not a CI gate
(docs/CONTRIBUTING.md, "Mutation run").

    python scripts/mutation_run.py                               # everything configured
    python scripts/mutation_run.py 'gm_console.engine.rules.order.*'   # a slice (mutant names, globs)
    python scripts/mutation_run.py --report ['PATTERN' ...]      # the last run's results, no run

mutmut works in mutants/ (ignored by git); a later run reuses it and tests only the mutants
not yet tested and those in functions changed since. Delete mutants/ to start afresh.
"""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def mutmut(*args: str, capture: bool = True) -> str:
    """mutmut's own command line, run from the checkout (it reads pyproject.toml there)."""
    env = {**os.environ, "HYPOTHESIS_PROFILE": "ci"}  # the same examples for every mutant
    done = subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=ROOT, env=env, text=True,
                          capture_output=capture)
    if done.returncode != 0:
        if capture:
            sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"mutmut {' '.join(args)} failed (exit {done.returncode})")
    return done.stdout if capture else ""


def outcomes(patterns: list[str]) -> dict[str, str]:
    """Every mutant of the last run and what became of it, limited to ``patterns`` if any."""
    found = {}
    for line in mutmut("results", "--all", "true").splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and (not patterns or any(fnmatch.fnmatch(name, p) for p in patterns)):
            found[name] = status
    return found


def report(patterns: list[str]) -> int:
    found = outcomes(patterns)
    survivors = sorted(name for name, status in found.items() if status == "survived")
    for name in survivors:
        print(mutmut("show", name).rstrip(), end="\n\n")
    counts = Counter(found.values())
    print(f"{len(survivors)} surviving mutants of {len(found)}: "
          + ", ".join(f"{n} {status}" for status, n in counts.most_common()))
    if counts.get("no tests"):
        print("(no tests: no test reached that function at all)")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if argv[:1] == ["--report"]:
        return report(argv[1:])
    try:
        import mutmut as _  # noqa: F401
    except ImportError:
        raise SystemExit('mutmut is not installed: pip install -e ".[dev]"') from None
    start = time.monotonic()
    mutmut("run", *argv, capture=False)
    print(f"\nmutation run: {time.monotonic() - start:.0f} s\n")
    return report(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
