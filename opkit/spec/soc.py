"""SoC names as `opkit gen -c` takes them (msopgen's `ai_core-<SoC>` spelling) and the profiles they map to.

Mirrors `runtime/include/opkit/sim/soc.h` (the simulator's table); a test parses that header and checks both agree.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from opkit.errors import GenerateError

__all__ = ["SocProfile", "SocChoice", "SOC_PROFILES", "SOC_FAMILIES", "DEFAULT_SOC", "resolve_socs"]


@dataclass(frozen=True)
class SocProfile:
    """One SoC version: what `AddConfig` calls its family and what the simulator models."""

    name: str            # CANN SoC version: "Ascend910B2"
    family: str          # AddConfig spelling: "ascend910b"
    npu_arch: int        # __NPU_ARCH__
    ub_bytes: int        # Unified Buffer per vector core
    aiv_cores: int       # vector cores
    aic_cores: int       # cube cores

    @property
    def has_data_copy_pad(self) -> bool:
        """DataCopyPad exists on 910B/910_93 (arch 2201) but not on 310P (arch 2002)."""
        return self.npu_arch != 2002


_KB = 1024
SOC_PROFILES: dict[str, SocProfile] = {p.name: p for p in (
    SocProfile("Ascend910B1", "ascend910b", 2201, 192 * _KB, 48, 24),
    SocProfile("Ascend910B2", "ascend910b", 2201, 192 * _KB, 48, 24),
    SocProfile("Ascend910B2C", "ascend910b", 2201, 192 * _KB, 48, 24),
    SocProfile("Ascend910B3", "ascend910b", 2201, 192 * _KB, 40, 20),
    SocProfile("Ascend910B4", "ascend910b", 2201, 192 * _KB, 40, 20),
    SocProfile("Ascend910B4-1", "ascend910b", 2201, 192 * _KB, 40, 20),
    SocProfile("Ascend910_9391", "ascend910_93", 2201, 192 * _KB, 48, 24),
    SocProfile("Ascend910_9381", "ascend910_93", 2201, 192 * _KB, 48, 24),
    SocProfile("Ascend910_9372", "ascend910_93", 2201, 192 * _KB, 40, 20),
    SocProfile("Ascend310P1", "ascend310p", 2002, 256 * _KB, 8, 8),
    SocProfile("Ascend310P3", "ascend310p", 2002, 256 * _KB, 8, 8),
)}

DEFAULT_SOC = "Ascend910B2"

# Bare family names. msopgen maps `Ascend910B` to the first-generation Ascend910 (a different chip and
# AddConfig name); here a family name means that family, simulated as the member named on the right.
SOC_FAMILIES: dict[str, str] = {
    "Ascend910B": "Ascend910B2",
    "Ascend910_93": "Ascend910_9391",
    "Ascend310P": "Ascend310P3",
}

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
    return (f"{profile.name} (AddConfig \"{profile.family}\", {profile.aiv_cores} vector cores, "
            f"{profile.ub_bytes // _KB} KB UB)")


def _did_you_mean(word: str, candidates: list[str]) -> str:
    lowered = {c.lower(): c for c in candidates}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f"; did you mean {lowered[close[0]]!r}?" if close else ""
