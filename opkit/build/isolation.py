"""One dtype combination, one kernel: keep each combination's kernel object from sharing code with the others.

CANN builds one binary per dtype combination, so kernel code is written as plain classes using `DTYPE_X`. opkit links
every combination into one Python extension, where the inline member functions, function-local statics and template
instances of such a class are weak (COMDAT) symbols of the same name in every combination's object, and the linker
keeps one of them: a float16 call may then run float32 code, silently. Two steps prevent it, run by the CMake
function `opkit_link_kernels` (opkit/cmake/opkitConfig.cmake):

`isolate`: per combination, the kernel entry, compiled as `opkit_entry_<op>` (opkit/build/entry.py), is renamed to
the combination's own symbol (`objcopy --redefine-sym`: a macro would rename the C library's `exp` along with an op
called exp). Then `ld -r --force-group-allocation` turns the object's COMDAT groups into plain sections (the
linker deduplicates groups by signature, whatever the signature symbol's binding), then `objcopy` makes every defined
symbol local except the kernel entry and the simulator's shared *state* (data in `AscendC::`, `opkit::`, `std::`, ...:
the launcher and the kernel must see one `current_block()` context, one thread pool). Functions are made local even
when they are the simulator's: each kernel keeps the code it was compiled with, whatever macros it defined.

`check`: across all kernel objects of a module, no symbol but the simulator's is defined twice; a clash is a
BuildError naming the symbol and both combinations. It guards the build (and builds that turn isolation off).

`rename` only renames the entry, for builds with isolation off.

Run by the build as `python -m opkit.build.isolation isolate|rename|check ...`; only binutils (ld, objcopy, nm)
are needed.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from opkit.errors import BuildError

__all__ = ["CHECK_FAILED", "KernelObject", "Symbol", "check_isolation", "is_runtime_owned", "isolate_kernel",
           "read_symbols", "rename_entry"]

# The prefix of the line the build prints for a failed check; `opkit build` turns those lines into its BuildError.
CHECK_FAILED = "opkit kernel isolation: "

# Outermost names of the simulator, the C++ runtime and the host API a kernel may reach: their data is shared state.
RUNTIME_ROOTS = frozenset({
    "AscendC", "opkit", "std", "gert", "ge", "optiling", "platform_ascendc", "fe", "ops", "pybind11",
    # CANN's global-scope names that opkit's kernel headers declare
    "pipe_t", "event_t", "KernelMetaType", "KernelMode",
    # the Matmul API's (CANN keeps its enums, MatmulConfig and configs global) and its host tiling's
    "matmul_tiling", "CubeFormat", "LayoutMode", "MatmulConfig", "MatmulConfigMode", "IterateOrder", "ScheduleType",
    "BatchMode", "QuantMode_t", "GetNormalConfig", "GetMDLConfig", "GetIBShareNormConfig", "CFG_NORM", "CFG_MDL",
    "CFG_IBSHARE_NORM", "MM_CFG_NO_PRELOAD", "MM_CFG_PRELOAD",
    # the torch_npu stand-in's C++ API (host code only, listed so no header namespace goes unowned)
    "torch_npu", "at_npu", "c10_npu",
    # the op_api stand-ins' (opdev/, aclnn_kernels/: host code only)
    "op", "l0op",
})
# C++ keywords and built-in types: never a user's name.
_KEYWORDS = frozenset("""
    bool char char8_t char16_t char32_t wchar_t short int long signed unsigned float double void auto decltype const
    volatile restrict true false nullptr sizeof alignof noexcept operator new delete typename template struct class
    enum union this
""".split())
# What the demangler adds around names: special symbols' phrases, lambdas, unnamed types, ABI tags, clone suffixes.
_DEMANGLER_WORDS = re.compile(
    r"(?:vtable|typeinfo name|typeinfo|VTT|construction vtable|guard variable|TLS init function|TLS wrapper function|"
    r"non-virtual thunk|virtual thunk|covariant return thunk|reference temporary #\d+|transaction clone|hidden alias)"
    r" (?:for|to) "
    r"|\(anonymous namespace\)|\{unnamed type#\d+\}|\{lambda|\}#\d+|\[abi:\w+\]|\[clone [^\]]*\]|\{parm#\d+\}")
_ROOT = re.compile(r"(?<![\w:.$#~])[A-Za-z_]\w*")
_DATA_TYPES = frozenset({"OBJECT", "TLS", "COMMON", "NOTYPE"})


@dataclass(frozen=True)
class Symbol:
    """A defined, non-local symbol of an object file."""

    name: str          # as in the symbol table (mangled)
    demangled: str
    kind: str          # ELF type as nm prints it: FUNC, OBJECT, TLS, ...
    unique: bool       # STB_GNU_UNIQUE: objcopy localises these only once they are weak

    @property
    def is_data(self) -> bool:
        return self.kind in _DATA_TYPES


@dataclass(frozen=True)
class KernelObject:
    """One dtype combination's kernel object, as the check sees it."""

    label: str         # the combination, for messages: `add_custom_kernel_c0 (DTYPE_X=half, ...)`
    entry: str         # the renamed kernel entry, the one symbol the module may share with it
    path: Path


def is_runtime_owned(demangled: str) -> bool:
    """True when every name in the symbol is the simulator's, the C++ runtime's or a built-in type: no user type,
    function or namespace appears in it (a simulator template instantiated on a user type is the user's)."""
    if demangled.startswith("DW.ref."):   # the compiler's pointers to personality routines and typeinfo
        return True
    roots = _ROOT.findall(_DEMANGLER_WORDS.sub(" ", demangled))
    return all(r in RUNTIME_ROOTS or r in _KEYWORDS or re.match(r"_[_A-Z]", r) for r in roots)


def _tool(command: Sequence[str]) -> str:
    try:
        proc = subprocess.run(list(command), capture_output=True, text=True, errors="replace")
    except OSError as e:
        raise BuildError(f"cannot run {command[0]}: {e}", command=list(command)) from e
    if proc.returncode != 0:
        raise BuildError(f"{' '.join(command)} failed (exit {proc.returncode}):\n{proc.stderr.strip()}",
                         command=list(command), returncode=proc.returncode, output=proc.stdout + proc.stderr)
    return proc.stdout


def _sysv_rows(nm: str, obj: Path, demangle: bool) -> list[list[str]]:
    """nm's System V table of the defined global symbols, symbol-table order: name, value, class, type, size, line,
    section. Parsed from the right, since a demangled name may hold `|` (operator|)."""
    out = _tool([nm, "--format=sysv", "--defined-only", "--extern-only", "--no-sort",
                 *(["--demangle"] if demangle else []), str(obj)])
    rows = [line.rsplit("|", 6) for line in out.splitlines() if line.count("|") >= 6]
    return [[field.strip() for field in row] for row in rows]


def read_symbols(obj: Path, nm: str = "nm") -> list[Symbol]:
    """The defined, non-local symbols of `obj`."""
    plain, demangled = _sysv_rows(nm, obj, False), _sysv_rows(nm, obj, True)
    if len(plain) != len(demangled):
        raise BuildError(f"{nm} listed {obj} differently with and without --demangle")
    return [Symbol(p[0], d[0], p[3], p[2] == "u") for p, d in zip(plain, demangled)]


def _to_localise(symbols: Sequence[Symbol], entry: str) -> list[Symbol]:
    return [s for s in symbols if s.name != entry and not (s.is_data and is_runtime_owned(s.demangled))]


def _compiled_name(src: Path, symbols: Sequence[Symbol], entry: str, compiled_as: Sequence[str]) -> str:
    """The name `src` defines its entry under: the first of `compiled_as` (else `entry` itself) it defines."""
    names = {s.name for s in symbols}
    candidates = list(compiled_as) or [entry]
    found = next((c for c in candidates if c in names), None)
    if found is None:
        # The last candidate is the kernel's own name (`exp` after `opkit_entry_exp`); without any, the entry's.
        shown = candidates[-1]
        kernel = shown if compiled_as else entry.rsplit("_c", 1)[0]
        raise BuildError(f"{src}: the kernel defines no entry `{shown}`; it must be "
                         f'`extern "C" __global__ __aicore__ void {kernel}(...)`')
    return found


def rename_entry(src: Path, dst: Path, entry: str, compiled_as: Sequence[str] = (), *, objcopy: str = "objcopy",
                 nm: str = "nm") -> None:
    """Write `src` to `dst` with its entry (defined as one of `compiled_as`) renamed to `entry`."""
    compiled = _compiled_name(src, read_symbols(src, nm), entry, compiled_as)
    dst.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".rename-", dir=dst.parent) as tmp:
        _tool([objcopy, f"--redefine-sym={compiled}={entry}", str(src), str(Path(tmp) / "out.o")])
        Path(tmp, "out.o").replace(dst)


def isolate_kernel(src: Path, dst: Path, entry: str, compiled_as: Sequence[str] = (), *, ld: str = "ld",
                   objcopy: str = "objcopy", nm: str = "nm") -> list[Symbol]:
    """Write `src`'s isolated form to `dst`, its entry (defined as one of `compiled_as`, by default as `entry`)
    renamed to `entry` (see the module's doc); returns the symbols made local."""
    compiled = _compiled_name(src, read_symbols(src, nm), entry, compiled_as)
    dst.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".isolate-", dir=dst.parent) as tmp:
        linked = Path(tmp) / "linked.o"
        _tool([ld, "-r", "--force-group-allocation", "-o", str(linked), str(src)])
        symbols = read_symbols(linked, nm)
        local = _to_localise(symbols, compiled)
        # Unique symbols left global would clash once out of their groups; weak ones resolve to one definition.
        weaken = Path(tmp) / "weaken.txt"
        weaken.write_text("".join(f"{s.name}\n" for s in symbols if s.unique))
        localise = Path(tmp) / "localise.txt"
        localise.write_text("".join(f"{s.name}\n" for s in local))
        weakened = Path(tmp) / "weakened.o"
        rename = [f"--redefine-sym={compiled}={entry}"] if compiled != entry else []
        _tool([objcopy, *rename, f"--weaken-symbols={weaken}", str(linked), str(weakened)])
        # objcopy localises a unique symbol only once it is weak: two passes.
        _tool([objcopy, f"--localize-symbols={localise}", str(weakened), str(Path(tmp) / "out.o")])
        Path(tmp, "out.o").replace(dst)
    return local


def check_isolation(kernels: Sequence[KernelObject], nm: str = "nm") -> None:
    """Raise BuildError when a symbol that is neither an entry nor the runtime's is defined by two kernel objects."""
    seen: dict[str, KernelObject] = {}
    clashes: dict[str, None] = {}   # ordered, once each (a constructor's C1 and C2 symbols demangle alike)
    entries = {k.entry for k in kernels}
    for kernel in kernels:
        for sym in read_symbols(kernel.path, nm):
            if sym.name in entries or is_runtime_owned(sym.demangled):
                continue
            first = seen.setdefault(sym.name, kernel)
            if first is not kernel:
                clashes[f"`{sym.demangled}` is defined by both {first.label} and {kernel.label}"] = None
    if clashes:
        raise BuildError(
            f"{len(clashes)} kernel symbol(s) shared between dtype combinations (the linker would keep one "
            "combination's code for all):\n" + "\n".join(f"  {c}" for c in clashes)
            + "\nBuild with kernel isolation on (the default, OPKIT_ISOLATE_KERNELS=ON), or put the kernel's "
              "classes and helpers in an anonymous namespace.")


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m opkit.build.isolation", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for command, what in (("isolate", "isolate one combination's kernel object, its entry renamed"),
                          ("rename", "only rename one combination's kernel entry (isolation off)")):
        one = sub.add_parser(command, help=what)
        one.add_argument("object", type=Path)
        one.add_argument("-o", "--output", type=Path, required=True)
        one.add_argument("--entry", required=True, help="the combination's entry symbol")
        one.add_argument("--compiled-as", action="append", default=[], metavar="NAME",
                         help="a name the object may define the entry under (first found wins; default: --entry)")
        one.add_argument("--ld", default="ld")
        one.add_argument("--objcopy", default="objcopy")
        one.add_argument("--nm", default="nm")
    chk = sub.add_parser("check", help="no symbol but the runtime's is shared between kernel objects")
    chk.add_argument("--kernel", nargs=3, action="append", default=[], metavar=("LABEL", "ENTRY", "OBJECT"))
    chk.add_argument("--nm", default="nm")
    chk.add_argument("--stamp", type=Path, help="file to touch when the check passes")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "isolate":
            isolate_kernel(args.object, args.output, args.entry, args.compiled_as, ld=args.ld, objcopy=args.objcopy,
                           nm=args.nm)
        elif args.command == "rename":
            rename_entry(args.object, args.output, args.entry, args.compiled_as, objcopy=args.objcopy, nm=args.nm)
        else:
            check_isolation([KernelObject(label, entry, Path(obj)) for label, entry, obj in args.kernel], args.nm)
            if args.stamp:
                args.stamp.write_text("kernel objects share no symbol but the runtime's\n")
    except BuildError as e:
        for line in str(e).splitlines():
            print(CHECK_FAILED + line, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
