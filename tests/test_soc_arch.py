"""A kernel compiles for its SoC's arch: the __NPU_ARCH__ it sees, and the dtypes and APIs that arch has."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from opkit.build.cc import parse_command
from opkit.spec.soc import FAMILY_DEFAULTS, SOC_PROFILES

_AICORE = {1001: 100, 2002: 200, 2201: 220, 3002: 300, 3510: 310}
_ARCHES = sorted({p.npu_arch for p in SOC_PROFILES.values()})

_KERNEL = """\
#include "kernel_operator.h"
static_assert(__NPU_ARCH__ == EXPECT_ARCH, "wrong __NPU_ARCH__");
static_assert(__CCE_AICORE__ == EXPECT_AICORE, "wrong __CCE_AICORE__");
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  AscendC::LocalTensor<float> f = buf.Get<float>();
#ifdef USE_BF16
  AscendC::LocalTensor<bfloat16_t> b = buf.GetWithOffset<bfloat16_t>(64, 512);
  AscendC::Cast(b, f, AscendC::RoundMode::CAST_RINT, 64);
#endif
#ifdef USE_PAD
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)x, 8);
  AscendC::DataCopyPad(g, f, AscendC::DataCopyExtParams{1, 4, 0, 0, 0});
#endif
}
"""


@pytest.mark.parametrize("spelled, arch", [
    ("dav-2201", "2201"), ("dav-2002", "2002"), ("dav-m200", "2002"), ("dav-1001", "1001"), ("dav-c100", "1001"),
    ("dav-3002", "3002"), ("dav-m300", "3002"), ("dav-3510", "3510"), ("dav-c310", "3510"), ("dav-c310-vec", "3510"),
    ("dav-c220-cube", "2201"), ("dav-9999", "2201"),
])
def test_npu_arch_option_picks_the_arch(spelled: str, arch: str) -> None:
    assert parse_command([f"--npu-arch={spelled}", "-c", "k.cpp"]).arch == arch


def test_every_profile_arch_has_an_npu_arch_spelling() -> None:
    assert all(parse_command([f"--npu-arch={p.dav}", "k.cpp"]).arch == str(p.npu_arch) for p in SOC_PROFILES.values())


def _compile(tmp_path: Path, arch: int, *defines: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "k.cpp"
    source.write_text(_KERNEL)
    return subprocess.run([sys.executable, "-m", "opkit", "cc", f"--npu-arch=dav-{arch}", f"-DEXPECT_ARCH={arch}",
                           f"-DEXPECT_AICORE={_AICORE[arch]}", *defines, "-fsyntax-only", str(source)],
                          capture_output=True, text=True, timeout=300)


def _profile_of(arch: int):
    return next(SOC_PROFILES[n] for n in FAMILY_DEFAULTS.values() if SOC_PROFILES[n].npu_arch == arch)


@pytest.mark.compile
@pytest.mark.parametrize("arch", _ARCHES)
def test_kernel_sees_its_arch(tmp_path: Path, arch: int) -> None:
    proc = _compile(tmp_path, arch)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.compile
@pytest.mark.parametrize("arch", _ARCHES)
def test_bfloat16_compiles_only_where_the_arch_has_it(tmp_path: Path, arch: int) -> None:
    proc = _compile(tmp_path, arch, "-DUSE_BF16")
    if _profile_of(arch).has_bf16:
        assert proc.returncode == 0, proc.stderr
    else:
        assert proc.returncode != 0 and "Cast does not support this (dst, src) type pair" in proc.stderr
        assert "(no bfloat16 on this SoC)" in proc.stderr


@pytest.mark.compile
@pytest.mark.parametrize("arch", _ARCHES)
def test_data_copy_pad_compiles_only_where_the_arch_has_it(tmp_path: Path, arch: int) -> None:
    proc = _compile(tmp_path, arch, "-DUSE_PAD")
    if _profile_of(arch).has_data_copy_pad:
        assert proc.returncode == 0, proc.stderr
    else:
        assert proc.returncode != 0 and "DataCopyPad is not available on" in proc.stderr
        assert f"(__NPU_ARCH__ {arch})" in proc.stderr
