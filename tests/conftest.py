"""Shared fixtures. Small inline fixtures live in the test files; only cross-cutting ones are here."""
from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO
