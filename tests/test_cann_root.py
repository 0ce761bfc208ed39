"""`opkit cann-root`: the per-user CANN stand-in tree. It never shadows a real CANN the environment points at, and it
is laid out once: a second call reuses the built libraries."""
from __future__ import annotations

from pathlib import Path

import pytest

from opkit.build.cann_root import ensure_cann_root, real_cann
from opkit.cli import main
from opkit.errors import PathError


@pytest.mark.parametrize("marker", ["version.info", "ascend_toolkit_install.info"])
def test_a_real_cann_in_the_environment_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str], marker: str) -> None:
    cann = tmp_path / "ascend-toolkit" / "latest"
    cann.mkdir(parents=True)
    (cann / marker).write_text("Version=8.0.RC3\n")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(cann))
    monkeypatch.setenv("OPKIT_CANN_ROOT", str(tmp_path / "root"))
    assert real_cann() == ("ASCEND_HOME_PATH", cann)
    with pytest.raises(PathError, match=r"is a real CANN install \(\$ASCEND_HOME_PATH points at it\)"):
        ensure_cann_root()
    with pytest.raises(SystemExit) as exited:
        main(["cann-root"])
    assert exited.value.code == 2
    assert "unset ASCEND_HOME_PATH" in capsys.readouterr().err
    assert not (tmp_path / "root").exists()


@pytest.mark.compile
def test_the_tree_is_laid_out_once_and_points_back_at_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPKIT_CANN_ROOT", str(tmp_path / "root"))
    root = ensure_cann_root()
    built = (root / "lib64" / "libascendcl.so").stat().st_mtime_ns
    # The tree opkit made names itself as such: pointing ASCEND_HOME_PATH at it is not "a real CANN".
    monkeypatch.setenv("ASCEND_HOME_PATH", str(root))
    assert real_cann() is None
    assert ensure_cann_root() == root
    assert (root / "lib64" / "libascendcl.so").stat().st_mtime_ns == built
    assert (root / "opp" / "vendors").is_dir()


def _glue(tmp_path: Path, library: bytes) -> Path:
    """A glue project as `opkit build` leaves it: its aclnn header and libcust_opapi.so (bytes stand in for it)."""
    glue = tmp_path / "glue"
    (glue / "csrc" / "aclnn").mkdir(parents=True, exist_ok=True)
    (glue / "csrc" / "aclnn" / "aclnn_add_custom.h").write_text("aclnnStatus aclnnAddCustom(void *executor);\n")
    (glue / "build" / "Release").mkdir(parents=True, exist_ok=True)
    (glue / "build" / "Release" / "libcust_opapi.so").write_bytes(library)
    return glue


def test_installing_the_same_package_again_leaves_the_installed_files_alone(tmp_path: Path) -> None:
    """A program running the installed op while its project builds again (a no-op build installs again) keeps its
    files; a changed package replaces them whole."""
    from opkit.build.aclnn_package import install_aclnn_package

    root = tmp_path / "root"
    vendor = install_aclnn_package(_glue(tmp_path, b"first"), root, "customize")
    library = vendor / "op_api" / "lib" / "libcust_opapi.so"
    inode = library.stat().st_ino
    install_aclnn_package(_glue(tmp_path, b"first"), root, "customize")
    assert library.stat().st_ino == inode
    (vendor / "op_api" / "lib" / "stale.txt").write_text("from an older package")
    install_aclnn_package(_glue(tmp_path, b"second"), root, "customize")
    assert library.read_bytes() == b"second" and library.stat().st_ino != inode
    assert not (vendor / "op_api" / "lib" / "stale.txt").exists()
    assert (vendor / "op_api" / "include" / "aclnnop" / "aclnn_add_custom.h").read_text().endswith(
        '#include "../aclnn_add_custom.h"\n')
    assert sorted(p.name for p in vendor.iterdir()) == ["bin", "op_api"]   # no temporary folder left beside it
    assert oct(library.parent.parent.stat().st_mode & 0o777) == "0o755"
