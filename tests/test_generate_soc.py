"""`-c` SoC names: msopgen's spelling in, the right AddConfig family and simulator profile out."""
from __future__ import annotations

import re

import pytest

import opkit
from opkit.errors import GenerateError
from opkit.spec.soc import DEFAULT_SOC, SOC_FAMILIES, SOC_PROFILES, resolve_socs

_ROW = re.compile(r'\{"(?P<name>[^"]+)",\s*"(?P<family>[^"]+)",\s*(?P<arch>\d+),\s*(?P<ub>\d+)\s*\*\s*1024,\s*'
                  r'(?P<aiv>\d+),\s*(?P<aic>\d+),')


def _header_rows() -> dict[str, tuple[str, int, int, int, int]]:
    text = (opkit.include_dir() / "opkit" / "sim" / "soc.h").read_text()
    table = text[text.index("kSocProfiles[]"):]
    table = table[:table.index("};")]
    return {m["name"]: (m["family"], int(m["arch"]), int(m["ub"]) * 1024, int(m["aiv"]), int(m["aic"]))
            for m in _ROW.finditer(table)}


def test_python_table_matches_soc_h() -> None:
    rows = _header_rows()
    assert len(rows) >= 5, "could not parse kSocProfiles in soc.h"
    python = {p.name: (p.family, p.npu_arch, p.ub_bytes, p.aiv_cores, p.aic_cores) for p in SOC_PROFILES.values()}
    assert python == rows


def test_default_soc_matches_soc_h() -> None:
    text = (opkit.include_dir() / "opkit" / "sim" / "soc.h").read_text()
    assert f'kDefaultSoc = "{DEFAULT_SOC}"' in text


@pytest.mark.parametrize("name", sorted(SOC_PROFILES))
def test_every_profile_is_accepted_in_msopgen_spelling(name: str) -> None:
    (choice,) = resolve_socs(f"ai_core-{name}")
    assert choice.profile is SOC_PROFILES[name]
    assert name in choice.note


def test_bare_ascend910b_is_the_910b_family_not_the_first_910() -> None:
    (choice,) = resolve_socs("ai_core-Ascend910B")
    assert choice.profile.family == "ascend910b"
    assert choice.profile.name == SOC_FAMILIES["Ascend910B"]
    assert "Ascend910B family" in choice.note and "first-generation Ascend910" in choice.note


def test_several_socs_keep_order_and_drop_duplicates() -> None:
    choices = resolve_socs("ai_core-Ascend910B2, ai_core-Ascend310P3,ai_core-ascend910b2")
    assert [c.profile.name for c in choices] == ["Ascend910B2", "Ascend310P3"]


def test_no_soc_means_the_default_and_says_so() -> None:
    (choice,) = resolve_socs(None)
    assert choice.profile.name == DEFAULT_SOC == "Ascend910B2"
    assert "none given" in choice.note


@pytest.mark.parametrize("spelled, message", [
    ("ai_core-Ascend910B9", "did you mean 'Ascend910B"),
    ("ai_core-Ascend301P3", "did you mean 'Ascend310P3'"),
    ("ai_core-Nvidia", "unknown SoC 'Nvidia'"),
    ("aicpu-Ascend910B2", "expected ai_core-<SoC>"),
    ("Ascend910B2", "expected ai_core-<SoC>"),
    ("ai_core-Ascend910B2,,", "empty entry"),
])
def test_bad_soc_is_a_generate_error(spelled: str, message: str) -> None:
    with pytest.raises(GenerateError, match=re.escape(message)):
        resolve_socs(spelled)
