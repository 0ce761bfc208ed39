"""The prototype corpora under tests/specs/: valid files, invalid files beside their expected errors, and files that
load with warnings (what msopgen tolerates) beside the expected warnings."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
VALID_DIR = HERE / "valid"
INVALID_DIR = HERE / "invalid"
WARNINGS_DIR = HERE / "warnings"


def _prototypes(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.suffix in (".json", ".yaml", ".yml"))


def valid_cases() -> list[Path]:
    return _prototypes(VALID_DIR)


def invalid_cases() -> list[Path]:
    """Every invalid prototype; each must have a `<case>.errors.txt` beside it."""
    return _prototypes(INVALID_DIR)


def expected_errors(case: Path) -> str:
    """The exact expected message. Files are named relative to INVALID_DIR (tests run from there)."""
    return case.with_name(case.stem + ".errors.txt").read_text(encoding="utf-8").rstrip("\n")


def warning_cases() -> list[Path]:
    """Prototypes that load with warnings; each has a `<case>.warnings.txt` beside it."""
    return _prototypes(WARNINGS_DIR)


def expected_warnings(case: Path) -> str:
    return case.with_name(case.stem + ".warnings.txt").read_text(encoding="utf-8").rstrip("\n")
