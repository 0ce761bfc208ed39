"""`-c` SoC names: msopgen's spelling in, the right AddConfig family and simulator profile out."""
from __future__ import annotations

import re

import pytest

import opkit
from opkit.errors import GenerateError
from opkit.spec.soc import DEFAULT_SOC, FAMILY_DEFAULTS, SOC_FAMILIES, SOC_PROFILES, resolve_socs, soc_for_configs

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


# Each family's figures as CANN's platform configs give them (see the comments in opkit/spec/soc.py):
# (family, __NPU_ARCH__, UB KB, GetCoreNumAiv, GetCoreNumAic, DataCopyPad, bfloat16).
_FIGURES = {
    "Ascend910B2": ("ascend910b", 2201, 192, 48, 24, True, True),
    "Ascend910B4": ("ascend910b", 2201, 192, 40, 20, True, True),
    "Ascend910_9391": ("ascend910_93", 2201, 192, 48, 24, True, True),
    "Ascend310P3": ("ascend310p", 2002, 256, 8, 8, False, False),
    "Ascend310P1": ("ascend310p", 2002, 256, 10, 10, False, False),
    "Ascend910A": ("ascend910", 1001, 256, 32, 32, False, False),
    "Ascend910ProB": ("ascend910", 1001, 256, 30, 30, False, False),
    "Ascend310B1": ("ascend310b", 3002, 248, 1, 1, True, True),
    "Ascend310B4": ("ascend310b", 3002, 248, 1, 1, True, True),
    "Ascend950PR_9599": ("ascend950", 3510, 248, 72, 36, True, True),
    "Ascend950PR_9579": ("ascend950", 3510, 248, 56, 28, True, True),
    "Ascend950DT_9591": ("ascend950", 3510, 248, 72, 36, True, True),
}


@pytest.mark.parametrize("name", sorted(_FIGURES))
def test_profile_figures(name: str) -> None:
    p = SOC_PROFILES[name]
    assert (p.family, p.npu_arch, p.ub_bytes // 1024, p.aiv_cores, p.aic_cores, p.has_data_copy_pad,
            p.has_bf16) == _FIGURES[name]
    assert p.dav == f"dav-{p.npu_arch}"


@pytest.mark.parametrize("profile", SOC_PROFILES.values(), ids=lambda p: p.name)
def test_every_profile_names_its_source(profile) -> None:
    assert f"{profile.name}.ini" in profile.source


def test_every_addconfig_family_has_a_default_soc_of_that_family() -> None:
    assert set(FAMILY_DEFAULTS) == {p.family for p in SOC_PROFILES.values()} == {
        "ascend910", "ascend910b", "ascend910_93", "ascend310p", "ascend310b", "ascend950"}
    assert all(SOC_PROFILES[soc].family == family for family, soc in FAMILY_DEFAULTS.items())
    # CANN's own choice (asc-devkit const_var.py SOC_MAP_EXT), but for 910B where opkit's default stands
    assert FAMILY_DEFAULTS["ascend310b"] == "Ascend310B1" and FAMILY_DEFAULTS["ascend950"] == "Ascend950PR_9599"
    assert FAMILY_DEFAULTS["ascend910"] == "Ascend910A" and FAMILY_DEFAULTS["ascend910b"] == DEFAULT_SOC


def test_soc_h_names_each_family_default_first_but_910b() -> None:
    # registry.h resolves a family to its first row (kDefaultSoc for 910B): the same choice as FAMILY_DEFAULTS.
    first = {}
    for name, (family, *_rest) in _header_rows().items():
        first.setdefault(family, name)
    assert {f: (DEFAULT_SOC if f == "ascend910b" else n) for f, n in first.items()} == FAMILY_DEFAULTS


@pytest.mark.parametrize("spelled, name", [
    ("ai_core-Ascend310B1", "Ascend310B1"), ("ai_core-ascend310b4", "Ascend310B4"), ("ai_core-Ascend310B", "Ascend310B1"),
    ("ai_core-Ascend910A", "Ascend910A"), ("ai_core-Ascend910", "Ascend910A"),
    ("ai_core-Ascend950PR_9599", "Ascend950PR_9599"), ("ai_core-ascend950dt_9591", "Ascend950DT_9591"),
    ("ai_core-Ascend950", "Ascend950PR_9599"),
])
def test_new_socs_in_msopgen_spelling(spelled: str, name: str) -> None:
    (choice,) = resolve_socs(spelled)
    assert choice.profile.name == name


def test_addconfig_of_only_another_family_builds_for_its_default_soc() -> None:
    choice = soc_for_configs(["ascend310b"])
    assert choice.profile.name == "Ascend310B1"
    assert choice.note.startswith("AddConfig lists only ascend310b: building for Ascend310B1")


@pytest.mark.parametrize("families", [[], ["ascend910b"], ["ascend310p", "ascend910b"], ["ASCEND910B"]])
def test_addconfig_naming_the_default_family_keeps_the_default(families: list[str]) -> None:
    assert soc_for_configs(families).profile.name == DEFAULT_SOC


def test_addconfig_first_modelled_family_wins_and_others_are_named() -> None:
    choice = soc_for_configs(["ascend610lite", "ascend950", "ascend310p"])
    assert choice.profile.name == "Ascend950PR_9599"
    assert "ascend610lite not modelled" in choice.note


def test_addconfig_of_unmodelled_families_only_keeps_the_default_and_says_so() -> None:
    choice = soc_for_configs(["ascend610lite"])
    assert choice.profile.name == DEFAULT_SOC and "does not model" in choice.note


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
