"""How much of Ascend C's vector API the simulator covers, from tests/coverage/vector_api_calls.tsv (the table that
tests/coverage/test_api_coverage.py holds to the truth: `ok` rows compile, `missing` rows do not, named numeric
tests exist).

    .venv/bin/python benchmarks/api_coverage.py [--families] [--missing]
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.coverage.api_table import Row, load_rows, numeric_test_exists  # noqa: E402


def summary(rows: list[Row]) -> str:
    ok = sum(r.status == "ok" for r in rows)
    numeric = sum(r.status == "ok" and numeric_test_exists(r) for r in rows)
    return f"{ok} of {len(rows)} vector APIs compile; {numeric} have a numeric test"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--families", action="store_true", help="one line per family")
    parser.add_argument("--missing", action="store_true", help="list the names that do not compile, with the reason")
    args = parser.parse_args(argv)
    rows = load_rows()
    print(summary(rows))
    for side in ("basic", "adv"):
        print(f"  {side}: {summary([r for r in rows if r.family.startswith(side + '/')])}")
    if args.families:
        by_family: dict[str, list[Row]] = defaultdict(list)
        for r in rows:
            by_family[r.family].append(r)
        for family, members in sorted(by_family.items()):
            print(f"  {family:34} {summary(members)}")
    if args.missing:
        for r in rows:
            if r.status == "missing":
                print(f"  {r.family:34} {r.name:28} {r.note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
