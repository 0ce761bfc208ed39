"""How a GE node of a custom op runs here: as GE runs it on the NPU, through the op's binary in the installed custom
operator package; opkit reaches that binary through the package's aclnn API (`aclnn<OpType>GetWorkspaceSize` then
`aclnn<OpType>`, in `op_api/lib/libcust_opapi.so` of $ASCEND_CUSTOM_OPP_PATH or $ASCEND_OPP_PATH/vendors/*), called
with ctypes on the npu tensors' device memory. Attrs are passed as CANN's aclnn API types them (int: int64_t,
float: double, bool, string: char *, list_int: aclIntArray *)."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any, Sequence

import torch

__all__ = ["AclnnError", "AclnnOp", "find_aclnn"]

_DTYPES = {torch.float32: 0, torch.float16: 1, torch.int8: 2, torch.int32: 3, torch.uint8: 4, torch.int16: 6,
           torch.uint16: 7, torch.uint32: 8, torch.int64: 9, torch.uint64: 10, torch.float64: 11, torch.bool: 12,
           torch.complex64: 16, torch.complex128: 17, torch.bfloat16: 27}
_FORMAT_ND = 2
_SCALAR_ATTRS = {"int": ctypes.c_int64, "float": ctypes.c_double, "bool": ctypes.c_bool, "type": ctypes.c_int64}


class AclnnError(RuntimeError):
    """The op's aclnn call failed: its status and CANN's error message."""


def _libraries() -> list[Path]:
    roots = [Path(p) for p in os.environ.get("ASCEND_CUSTOM_OPP_PATH", "").split(os.pathsep) if p]
    opp = os.environ.get("ASCEND_OPP_PATH")
    if opp and (Path(opp) / "vendors").is_dir():
        roots += sorted(p for p in (Path(opp) / "vendors").iterdir() if p.is_dir())
    return [lib for root in roots for lib in [root / "op_api" / "lib" / "libcust_opapi.so"] if lib.is_file()]


def _runtime(lib: ctypes.CDLL) -> ctypes.CDLL:
    try:
        return ctypes.CDLL("libnnopbase.so", mode=ctypes.RTLD_GLOBAL)
    except OSError:
        return lib   # the package's library needs it: its symbols are found through it


class AclnnOp:
    """`aclnn<op_type>` of one installed package, callable on npu tensors."""

    def __init__(self, op_type: str, library: Path) -> None:
        self.op_type, self.library = op_type, library
        self._lib = ctypes.CDLL(str(library), mode=ctypes.RTLD_GLOBAL)
        self._rt = _runtime(self._lib)
        self._rt.aclCreateTensor.restype = ctypes.c_void_p
        self._rt.aclCreateIntArray.restype = ctypes.c_void_p
        self._prepare = getattr(self._lib, f"aclnn{op_type}GetWorkspaceSize")
        self._run = getattr(self._lib, f"aclnn{op_type}")
        self._prepare.restype = self._run.restype = ctypes.c_int

    def _tensor(self, t: torch.Tensor | None) -> ctypes.c_void_p:
        if t is None:
            return ctypes.c_void_p(None)
        if t.dtype not in _DTYPES:
            raise AclnnError(f"aclnn{self.op_type}: a tensor of dtype {t.dtype} has no aclDataType")
        dims = (ctypes.c_int64 * max(t.dim(), 1))(*t.shape)
        strides = (ctypes.c_int64 * max(t.dim(), 1))(*t.stride())
        storage = (ctypes.c_int64 * 1)(t.untyped_storage().nbytes() // max(t.element_size(), 1))
        base = t.data_ptr() - t.storage_offset() * t.element_size()
        handle = self._rt.aclCreateTensor(dims, ctypes.c_uint64(t.dim()), ctypes.c_int(_DTYPES[t.dtype]), strides,
                                          ctypes.c_int64(t.storage_offset()), ctypes.c_int(_FORMAT_ND), storage,
                                          ctypes.c_uint64(1), ctypes.c_void_p(base))
        self._made.append(("aclDestroyTensor", handle))
        return ctypes.c_void_p(handle)

    def _attr(self, kind: str, value: Any) -> Any:
        if kind in _SCALAR_ATTRS:
            return _SCALAR_ATTRS[kind](value)
        if kind == "string":
            return ctypes.c_char_p(str(value).encode())
        if kind == "list_int":
            values = [int(v) for v in value]
            handle = self._rt.aclCreateIntArray((ctypes.c_int64 * max(len(values), 1))(*values),
                                                ctypes.c_uint64(len(values)))
            self._made.append(("aclDestroyIntArray", handle))
            return ctypes.c_void_p(handle)
        raise AclnnError(f"aclnn{self.op_type}: an attr of type {kind} cannot be passed from torchair here")

    def __call__(self, inputs: Sequence[torch.Tensor | None], attrs: Sequence[tuple[str, Any]],
                 outputs: Sequence[torch.Tensor]) -> None:
        self._made: list[tuple[str, int]] = []
        try:
            args = [self._tensor(t) for t in inputs] + [self._attr(k, v) for k, v in attrs]
            args += [self._tensor(t) for t in outputs]
            size, executor = ctypes.c_uint64(0), ctypes.c_void_p(None)
            status = self._prepare(*args, ctypes.byref(size), ctypes.byref(executor))
            self._check(status, "GetWorkspaceSize")
            workspace = torch.empty(max(size.value, 1), dtype=torch.uint8, device="npu") if size.value else None
            status = self._run(ctypes.c_void_p(workspace.data_ptr() if workspace is not None else None), size,
                               executor, ctypes.c_void_p(None))
            self._check(status, "")
        finally:
            for destroy, handle in self._made:
                getattr(self._rt, destroy)(ctypes.c_void_p(handle))

    def _check(self, status: int, phase: str) -> None:
        if status != 0:
            try:
                self._rt.aclGetRecentErrMsg.restype = ctypes.c_char_p
                message = (self._rt.aclGetRecentErrMsg() or b"").decode(errors="replace")
            except AttributeError:
                message = ""

            raise AclnnError(f"aclnn{self.op_type}{phase} (from {self.library}) returned {status}: {message}")


_cache: dict[str, AclnnOp | None] = {}


def find_aclnn(op_type: str) -> AclnnOp | None:
    """The installed package's aclnn<op_type>, or None when no package in the search path exports it."""
    if op_type not in _cache:
        _cache[op_type] = None
        for library in _libraries():
            try:
                _cache[op_type] = AclnnOp(op_type, library)
                break
            except (OSError, AttributeError):
                continue
    return _cache[op_type]
