"""SoC names as `opkit gen -c` takes them (msopgen's `ai_core-<SoC>` spelling) and the profiles they map to.

Mirrors `runtime/include/opkit/sim/soc.h` (the simulator's table); a test parses that header and checks both agree.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from opkit.errors import GenerateError

__all__ = ["SocProfile", "SocChoice", "SOC_PROFILES", "SOC_FAMILIES", "FAMILY_DEFAULTS", "DEFAULT_SOC",
           "resolve_socs", "soc_for_configs"]


@dataclass(frozen=True)
class SocProfile:
    """One SoC version: what `AddConfig` calls its family and what the simulator models."""

    name: str            # CANN SoC version: "Ascend910B2"
    family: str          # AddConfig spelling: "ascend910b"
    npu_arch: int        # __NPU_ARCH__
    ub_bytes: int        # Unified Buffer per vector core
    aiv_cores: int       # vector cores (GetCoreNumAiv)
    aic_cores: int       # cube cores (GetCoreNumAic)
    source: str          # where the figures come from

    @property
    def has_data_copy_pad(self) -> bool:
        """DataCopyPad exists from the 910B generation on (2201, 3002, 3510); 910 (1001) and 310P (2002) lack it."""
        return self.npu_arch not in _NO_PAD_NO_BF16

    @property
    def has_bf16(self) -> bool:
        """bfloat16 exists on 2201, 3002 and 3510; 1001 and 2002 have none (see soc.h, arch_has_bf16)."""
        return self.npu_arch not in _NO_PAD_NO_BF16

    @property
    def cube_memory(self) -> dict[str, int]:
        """Bytes of each cube-side memory per core, as `runtime/include/opkit/sim/cube/memory.h` models them (CANN's
        platform configs: l1_size, l0_a_size, l0_b_size, l0_c_size, bt_size, fb0_size; 0 where the SoC has none)."""
        arch = self.npu_arch
        old = arch in (1001, 2002)
        return {
            "L1": 512 * _KB if arch in (2201, 3510) else 1024 * _KB,
            "L0A": 64 * _KB,
            "L0B": 64 * _KB,
            "L0C": 128 * _KB if arch in (2201, 3002) else 256 * _KB,
            "BT": 0 if old else (4 * _KB if arch == 3510 else _KB),
            "FB": 0 if old else (4 * _KB if arch == 3510 else 2 * _KB),
        }

    @property
    def dav(self) -> str:
        """The `--npu-arch` spelling of the arch (bisheng, CMAKE_ASC_ARCHITECTURES): "dav-2201"."""
        return f"dav-{self.npu_arch}"


# asc-devkit's per-arch implementations: DataCopyPad reports "not support" on dav_c100 (1001) and dav_m200 (2002),
# and neither has bfloat16_t anywhere (nor a bf16 pair in its platform config's Intrinsic_vconv).
_NO_PAD_NO_BF16 = (1001, 2002)
_KB = 1024
# The figures are CANN's platform configs, <SoC>.ini in github.com/hicann/runtime (src/platform/platform_config/,
# commit 681ef76): [SoCInfo] ai_core_cnt / cube_core_cnt / vector_core_cnt, [AICoreSpec] ub_size, [version] NpuArch.
# Where cube and vector share a core (910, 310P, 310B) both counts are ai_core_cnt, as GetCoreNumAiv answers there.
_INI = "CANN platform config {}.ini"
SOC_PROFILES: dict[str, SocProfile] = {p.name: p for p in (
    SocProfile("Ascend910B1", "ascend910b", 2201, 192 * _KB, 48, 24, _INI.format("Ascend910B1")),
    SocProfile("Ascend910B2", "ascend910b", 2201, 192 * _KB, 48, 24, _INI.format("Ascend910B2")),
    SocProfile("Ascend910B2C", "ascend910b", 2201, 192 * _KB, 48, 24, _INI.format("Ascend910B2C")),
    SocProfile("Ascend910B3", "ascend910b", 2201, 192 * _KB, 40, 20, _INI.format("Ascend910B3")),
    SocProfile("Ascend910B4", "ascend910b", 2201, 192 * _KB, 40, 20, _INI.format("Ascend910B4")),
    SocProfile("Ascend910B4-1", "ascend910b", 2201, 192 * _KB, 40, 20, _INI.format("Ascend910B4-1")),
    SocProfile("Ascend910_9391", "ascend910_93", 2201, 192 * _KB, 48, 24, _INI.format("Ascend910_9391")),
    SocProfile("Ascend910_9381", "ascend910_93", 2201, 192 * _KB, 48, 24, _INI.format("Ascend910_9381")),
    SocProfile("Ascend910_9372", "ascend910_93", 2201, 192 * _KB, 40, 20, _INI.format("Ascend910_9372")),
    # 310P: ai_core_cnt 8 (P3) / 10 (P1); the separate Vector Cores (vector_core_cnt 7 / 8) are not modelled.
    SocProfile("Ascend310P3", "ascend310p", 2002, 256 * _KB, 8, 8, _INI.format("Ascend310P3")),
    SocProfile("Ascend310P1", "ascend310p", 2002, 256 * _KB, 10, 10, _INI.format("Ascend310P1")),
    # The first-generation 910 (AddConfig "ascend910"). CANN also has an Ascend910B SoC of this family (30 cores);
    # opkit leaves it out because `-c ai_core-Ascend910B` means the 910B family here (see SOC_FAMILIES).
    SocProfile("Ascend910A", "ascend910", 1001, 256 * _KB, 32, 32, _INI.format("Ascend910A")),
    SocProfile("Ascend910ProA", "ascend910", 1001, 256 * _KB, 32, 32, _INI.format("Ascend910ProA")),
    SocProfile("Ascend910PremiumA", "ascend910", 1001, 256 * _KB, 32, 32, _INI.format("Ascend910PremiumA")),
    SocProfile("Ascend910ProB", "ascend910", 1001, 256 * _KB, 30, 30, _INI.format("Ascend910ProB")),
    # 310B (Atlas 200I/500 A2, Orange Pi AIpro's 310B4): one AI Core; UB 248 KB (253952, also asc-devkit's
    # ASC_UB_SIZE for 3002).
    SocProfile("Ascend310B1", "ascend310b", 3002, 248 * _KB, 1, 1, _INI.format("Ascend310B1")),
    SocProfile("Ascend310B2", "ascend310b", 3002, 248 * _KB, 1, 1, _INI.format("Ascend310B2")),
    SocProfile("Ascend310B3", "ascend310b", 3002, 248 * _KB, 1, 1, _INI.format("Ascend310B3")),
    SocProfile("Ascend310B4", "ascend310b", 3002, 248 * _KB, 1, 1, _INI.format("Ascend310B4")),
    # 950: the vector side and the cube memories (its 3510-only cube API forms are not simulated). ub_size 253952 =
    # 248 KB usable of the 256 KB UB.
    SocProfile("Ascend950PR_9599", "ascend950", 3510, 248 * _KB, 72, 36, _INI.format("Ascend950PR_9599")),
    SocProfile("Ascend950PR_9579", "ascend950", 3510, 248 * _KB, 56, 28, _INI.format("Ascend950PR_9579")),
    SocProfile("Ascend950DT_9591", "ascend950", 3510, 248 * _KB, 72, 36, _INI.format("Ascend950DT_9591")),
)}

DEFAULT_SOC = "Ascend910B2"

# Bare family names. msopgen maps `Ascend910B` to the first-generation Ascend910 (a different chip and
# AddConfig name); here a family name means that family, simulated as the member named on the right.
SOC_FAMILIES: dict[str, str] = {
    "Ascend910B": "Ascend910B2",
    "Ascend910_93": "Ascend910_9391",
    "Ascend310P": "Ascend310P3",
    "Ascend910": "Ascend910A",
    "Ascend310B": "Ascend310B1",
    "Ascend950": "Ascend950PR_9599",
}

# The SoC each AddConfig family builds for: CANN's own choice (SOC_MAP_EXT in asc-devkit
# cmake/asc/fwk_modules/util/const_var.py), except ascend910b, where opkit's default (same figures as 910B1) stands.
FAMILY_DEFAULTS: dict[str, str] = {SOC_PROFILES[name].family: name for name in SOC_FAMILIES.values()}

_PREFIX = "ai_core-"


@dataclass(frozen=True)
class SocChoice:
    """How one `-c` entry was understood: the profile it selects and a sentence saying so."""

    spelled: str
    profile: SocProfile
    note: str


def resolve_socs(compute_unit: str | None) -> tuple[SocChoice, ...]:
    """Parse `-c` (`ai_core-Ascend910B2,ai_core-Ascend310P3`); None means the default SoC.

    Duplicates are dropped; the first entry is the profile the simulator runs with.
    """
    if compute_unit is None or not compute_unit.strip():
        profile = SOC_PROFILES[DEFAULT_SOC]
        return (SocChoice(DEFAULT_SOC, profile, f"SoC: none given, using {_describe(profile)}"),)
    choices: list[SocChoice] = []
    for entry in (part.strip() for part in compute_unit.split(",")):
        if not entry:
            raise GenerateError(f"-c {compute_unit!r}: empty entry; write e.g. -c ai_core-Ascend910B2")
        choice = _resolve_one(entry)
        if all(c.profile.name != choice.profile.name for c in choices):
            choices.append(choice)
    return tuple(choices)


def _resolve_one(entry: str) -> SocChoice:
    unit, sep, soc = entry.partition("-")
    if not sep or unit.lower() != _PREFIX[:-1]:
        raise GenerateError(f"-c {entry!r}: expected ai_core-<SoC>, e.g. ai_core-Ascend910B2 "
                            f"(opkit generates AI Core operators only)")
    by_lower = {name.lower(): name for name in (*SOC_PROFILES, *SOC_FAMILIES)}
    name = by_lower.get(soc.lower())
    if name is None:
        raise GenerateError(f"-c {entry!r}: unknown SoC {soc!r}{_did_you_mean(soc, list(by_lower.values()))}; "
                            f"known: {', '.join(sorted(by_lower.values()))}")
    if name in SOC_FAMILIES:
        profile = SOC_PROFILES[SOC_FAMILIES[name]]
        note = f"SoC: {entry} taken as the {name} family, simulated as {_describe(profile)}"
        if name == "Ascend910B":
            note += "; msopgen would have taken it as the first-generation Ascend910"
        return SocChoice(entry, profile, note)
    profile = SOC_PROFILES[name]
    return SocChoice(entry, profile, f"SoC: {entry} taken as {_describe(profile)}")


def _describe(profile: SocProfile) -> str:
    cores = f"{profile.aiv_cores} vector core{'s' if profile.aiv_cores != 1 else ''}"
    return f"{profile.name} (AddConfig \"{profile.family}\", {cores}, {profile.ub_bytes // _KB} KB UB)"


def _did_you_mean(word: str, candidates: list[str]) -> str:
    lowered = {c.lower(): c for c in candidates}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f"; did you mean {lowered[close[0]]!r}?" if close else ""


def soc_for_configs(families: list[str], default: str = DEFAULT_SOC) -> SocChoice:
    """The SoC to build a CANN project for, given the families its OpDefs `AddConfig` (in order of appearance).

    `default` stands when no family is listed or its family is; otherwise the first listed family opkit models gives
    its default SoC, and the note says so. Families opkit does not model are named in the note."""
    profile = SOC_PROFILES[default]
    listed = list(dict.fromkeys(f.lower() for f in families))
    if not listed or profile.family in listed:
        return SocChoice(default, profile, f"SoC: {_describe(profile)}")
    known = [f for f in listed if f in FAMILY_DEFAULTS]
    if not known:
        return SocChoice(default, profile, f"AddConfig lists only {', '.join(listed)}, which opkit does not model: "
                                           f"building for {_describe(profile)}; tiling will refuse it")
    chosen = SOC_PROFILES[FAMILY_DEFAULTS[known[0]]]
    unknown = [f for f in listed if f not in FAMILY_DEFAULTS]
    skipped = f" ({', '.join(unknown)} not modelled)" if unknown else ""
    return SocChoice(chosen.name, chosen, f"AddConfig lists only {', '.join(listed)}{skipped}: building for "
                                          f"{_describe(chosen)}")
