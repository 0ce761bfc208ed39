"""What a plain `pip install opkit` brings is enough for every command: `opkit test` runs pytest, `gen --force`
merges with merge3 where git is missing."""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _requirements() -> set[str]:
    text = (REPO / "pyproject.toml").read_text()   # no tomllib: Python 3.10 is supported
    block = re.search(r"^dependencies = \[(.*?)^\]", text, re.S | re.M)
    assert block
    return {m.lower() for m in re.findall(r'^\s*"([A-Za-z0-9_.-]+)', block.group(1), re.M)}


def test_opkit_test_needs_no_extra() -> None:
    assert {"pytest", "merge3"} <= _requirements()


def test_readme_says_pytest_comes_with_opkit_and_how_long_the_suite_takes() -> None:
    readme = " ".join((REPO / "README.md").read_text().split())
    assert "pytest comes with opkit" in readme
    assert re.search(r"about \d+ minutes", readme) and '-m "not e2e"' in readme
