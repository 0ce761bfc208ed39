"""`opkit cc`: compile Ascend C programs with `<<<>>>` launches and `.asc` files with g++ against the simulator.

Each launch `kernel<<<blockDim, l2ctrl, stream>>>(args)` becomes `chevron_launch(...)(args)` (opkit/sim/chevron.h)
before the compiler sees it; the rewrite keeps every newline and starts with `#line 1 "<file>"`, so diagnostics
and `__FILE__`/`__LINE__` point into the user's file. Standard library only: CMake's ASC language runs this module
through a small script (cmake/opkit_cc.py) with whatever Python it found.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from opkit.build.abi_launcher import matched_abi
from opkit.build.pch import pch_flags, run_with_pch, wants_pch

__all__ = ["Mode", "Invocation", "rewrite_launches", "parse_command", "compiler_command", "compile_sources",
           "kernel_signatures", "launch_header", "launch_stub", "ccec_arguments", "main"]

Mode = Literal["cpu", "npu"]

_INCLUDE = Path(__file__).resolve().parents[1] / "runtime" / "include"  # opkit/runtime/include
_SOURCE_SUFFIXES = (".asc", ".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".CPP")
# Options whose value is the next argument (g++ spelling); their values are never sources.
_TAKES_VALUE = {"-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-x", "-MF",
                "-MT", "-MQ", "-L", "-Xlinker", "-Xpreprocessor", "-Xassembler", "--param", "-T", "-u", "-z",
                "-isysroot", "--sysroot", "-aux-info", "-dumpbase", "-dumpdir"}
# CANN compiler (bisheng) options that mean nothing on the CPU.
_IGNORED_PREFIXES = ("--npu-arch", "--cce-", "-mllvm", "--npu-soc", "-Xhost-start", "-Xhost-end", "-xcce",
                     "--aicore-arch", "--sanitizer", "--gcc-toolchain")
# `--npu-arch` values (bisheng's dav-<NpuArch>, and the CCEC_AIC/AIV_version names of CANN's platform configs) -> the
# __NPU_ARCH__ a kernel sees; everything else compiles as 910B (2201).
_ARCH_OF = {"dav-1001": "1001", "dav-c100": "1001", "dav-2002": "2002", "dav-m200": "2002",
            "dav-3002": "3002", "dav-m300": "3002", "dav-3510": "3510", "dav-c310": "3510"}
# CANN's host libraries (`-lascendcl -lruntime` on ccec's link line in the older samples): their API is in opkit's
# headers, so the ccec stand-in leaves them off rather than failing to find them.
_CANN_HOST_LIBS = {"ascendcl", "runtime", "tiling_api", "register", "platform", "graph", "graph_base", "ascendalog",
                   "c_sec", "unified_dlog", "error_manager", "nnopbase", "opapi", "acl_op_compiler", "host_intf_pub",
                   "ascend_dump", "mmpa", "profapi", "msprofiler"}
_IDENT = re.compile(r"[A-Za-z0-9_]")
_LAUNCH_HELPER = "::opkit::sim::detail::chevron_launch"


def _skip_literal(text: str, i: int) -> int:
    """Index just past the string/char literal or comment starting at text[i], or i when there is none."""
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    if text.startswith("/*", i):
        end = text.find("*/", i + 2)
        return len(text) if end < 0 else end + 2
    raw = re.match(r'(?:u8|[uUL])?R"([^()\\ ]{0,16})\(', text[i:i + 24])
    if raw and (i == 0 or not _IDENT.match(text[i - 1])):
        end = text.find(")" + raw.group(1) + '"', i + raw.end())
        return len(text) if end < 0 else end + len(raw.group(1)) + 2
    if text[i] in "\"'" and not (text[i] == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000'000 separators
        j = i + 1
        while j < len(text) and text[j] != text[i] and text[j] != "\n":
            j += 2 if text[j] == "\\" else 1
        return j + 1
    return i


def _callee_start(text: str, end: int) -> int:
    """Start of the kernel expression ending at `end` (`k`, `ns::k`, `k<T, 4>`), or -1."""
    i = end
    while i > 0 and text[i - 1].isspace():
        i -= 1
    if i > 0 and text[i - 1] == ">":  # template arguments: walk back to the matching '<'
        depth = 0
        while i > 0:
            i -= 1
            depth += {">": 1, "<": -1}.get(text[i], 0)
            if depth == 0:
                break
        if depth != 0:
            return -1
        while i > 0 and text[i - 1].isspace():
            i -= 1
    start = i
    while start > 0 and (_IDENT.match(text[start - 1]) or text[start - 2:start] == "::"):
        start -= 2 if text[start - 2:start] == "::" else 1
    return start if start < i and not text[start].isdigit() else -1


def _balanced_end(text: str, i: int, stop: str) -> int:
    """Index of `stop` at bracket depth 0 from text[i], skipping literals and comments; -1 if absent."""
    depth = 0
    while i < len(text):
        j = _skip_literal(text, i)
        if j != i:
            i = j
            continue
        if depth == 0 and text.startswith(stop, i):
            return i
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            if depth == 0:
                return -1
            depth -= 1
        i += 1
    return -1


def _c_string(text: str) -> str:
    one_line = " ".join(text.split())
    return '"' + one_line.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _rewrite_one(text: str, at: int) -> tuple[str, int] | None:
    """Rewrite the launch whose `<<<` is at text[at]; returns the new text and where to continue."""
    start = _callee_start(text, at)
    close = _balanced_end(text, at + 3, ">>>")
    if start < 0 or close < 0:
        return None
    paren = close + 3
    while paren < len(text) and text[paren].isspace():
        paren += 1
    if paren >= len(text) or text[paren] != "(":
        return None
    args_end = _balanced_end(text, paren + 1, ")")
    if args_end < 0:
        return None
    callee = text[start:at]
    head = (f"{_LAUNCH_HELPER}({_c_string(callee)}, {_c_string(text[paren + 1:args_end])}, {callee.rstrip()}, "
            f"{text[at + 3:close]})")
    # keep the newlines between the callee and `<<<` so every later line keeps its number
    head += "\n" * callee[len(callee.rstrip()):].count("\n") + text[close + 3:paren]
    new = text[:start] + head + text[paren:]
    return new, start + len(head)


def rewrite_launches(text: str) -> tuple[str, int]:
    """Rewrite every `<<<...>>>(...)` launch outside literals and comments; returns (text, launches).

    Line structure is preserved: the n-th line of the result holds what the n-th line of the input held.
    """
    count = 0
    i = 0
    while i < len(text):
        j = _skip_literal(text, i)
        if j != i:
            i = j
            continue
        if text.startswith("<<<", i):
            done = _rewrite_one(text, i)
            if done is not None:
                text, i = done
                count += 1
                continue
        i += 1
    return text, count


@dataclass
class Invocation:
    """A parsed command line: the compiler, its arguments, and which of them are sources."""
    compiler: str
    args: list[str]
    sources: list[int] = field(default_factory=list)  # indexes into args
    mode: Mode = "cpu"
    arch: str = "2201"
    compile_only: bool = False
    output: str | None = None
    has_std: bool = False


def _is_compiler(arg: str) -> bool:
    return not arg.startswith("-") and not arg.endswith(_SOURCE_SUFFIXES) and shutil.which(arg) is not None


def parse_command(argv: list[str], *, default_mode: Mode = "cpu") -> Invocation:
    """Split `[compiler] args...` (launcher form: the first argument is an executable) into an Invocation."""
    compiler = os.environ.get("OPKIT_CXX") or os.environ.get("CXX") or "g++"
    inv_mode = default_mode
    while argv and argv[0].startswith(("--mode=", "--opkit-mode=")):  # opkit's own options come first
        value = argv[0].split("=", 1)[1]
        if value not in ("cpu", "npu", "sim"):
            raise ValueError(f"opkit cc: {argv[0]}: the mode is cpu or npu (sim counts as npu)")
        inv_mode, argv = ("cpu" if value == "cpu" else "npu"), argv[1:]
    if argv and _is_compiler(argv[0]):
        compiler, argv = argv[0], argv[1:]
    inv = Invocation(compiler=compiler, args=[], mode=inv_mode)
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg.startswith("--mode=") or arg.startswith("--opkit-mode="):
            value = arg.split("=", 1)[1]
            if value not in ("cpu", "npu", "sim"):
                raise ValueError(f"opkit cc: {arg}: the mode is cpu or npu (sim counts as npu)")
            inv.mode = "cpu" if value == "cpu" else "npu"
        elif arg.startswith(_IGNORED_PREFIXES):
            if arg.startswith(("--npu-arch=", "--cce-aicore-arch=")):  # bisheng's and ccec's spelling
                inv.arch = _ARCH_OF.get(arg.split("=", 1)[1].removesuffix("-vec").removesuffix("-cube"), "2201")
            if arg == "-mllvm" and i + 1 < len(argv):
                i += 1
        elif arg in ("-x", "-xasc") and (arg == "-xasc" or (i + 1 < len(argv) and argv[i + 1] in ("asc", "cce"))):
            i += 0 if arg == "-xasc" else 1  # sources are rewritten to .cpp: the language is C++
        else:
            inv.args.append(arg)
            if arg in _TAKES_VALUE and i + 1 < len(argv):
                i += 1
                inv.args.append(argv[i])
                if arg == "-o":
                    inv.output = argv[i]
            elif arg == "-c":
                inv.compile_only = True
            elif arg.startswith("-std="):
                inv.has_std = True
            elif not arg.startswith("-") and arg.endswith(_SOURCE_SUFFIXES):
                inv.sources.append(len(inv.args) - 1)
        i += 1
    return inv


def _rewritten_path(source: Path, inv: Invocation, scratch: Path) -> Path:
    # Beside the object when there is one, so a build's depfile names a file that stays (ninja would otherwise
    # rebuild every time); in a scratch directory when compiling and linking in one go.
    if inv.compile_only and inv.output and len(inv.sources) == 1:
        return Path(inv.output + ".opkit.cpp")
    return scratch / (source.stem + ".opkit.cpp")


# A kernel's core type from its qualifiers: `__cube__` runs on the cube core only, `__mix__(c, v)` on c cube and v
# vector cores per block, `__vector__` on a vector core only. The qualifiers expand to nothing, so the rewrite notes
# each such kernel's type by name (cube/kernel_type.h) for the launch to find.
_TYPED_KERNEL = re.compile(r'((?:(?:__global__|__aicore__|__vector__|__cube__|__mix__\s*\([^)]*\)|inline|static|'
                           r'extern\s+"C")\s+)+)void\s+(\w+)\s*\(')
_MIX_TYPES = {(1, 0): "KERNEL_TYPE_MIX_AIC_1_0", (1, 1): "KERNEL_TYPE_MIX_AIC_1_1", (1, 2): "KERNEL_TYPE_MIX_AIC_1_2",
              (0, 1): "KERNEL_TYPE_AIV_ONLY"}


def declared_kernel_types(text: str) -> list[tuple[str, str]]:
    """(kernel, KERNEL_TYPE_...) for every `__global__` kernel with a `__cube__`, `__mix__(c, v)` or `__vector__`."""
    found = []
    for match in _TYPED_KERNEL.finditer(_strip_comments(text)):
        quals = match.group(1)
        if "__global__" not in quals:
            continue
        mix = re.search(r"__mix__\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)", quals)
        if mix:
            pair = (int(mix.group(1)), int(mix.group(2)))
            if pair not in _MIX_TYPES:
                raise ValueError(f"opkit cc: kernel {match.group(2)}: __mix__{pair} is not a core pairing the "
                                 f"AI Core has (1, 0), (1, 1), (1, 2)")
            found.append((match.group(2), _MIX_TYPES[pair]))
        elif "__cube__" in quals:
            found.append((match.group(2), "KERNEL_TYPE_AIC_ONLY"))
        elif "__vector__" in quals:
            found.append((match.group(2), "KERNEL_TYPE_AIV_ONLY"))
    return found


def _type_notes(text: str) -> str:
    """Lines to append to a rewritten source: one static note per typed kernel (after the last line, so every line
    of the user's file keeps its number)."""
    return "".join(f"\nstatic const bool opkit_kernel_type_note_{i} [[maybe_unused]] = "
                   f'::opkit::sim::detail::note_task_type_named("{name}", {kind});'
                   for i, (name, kind) in enumerate(declared_kernel_types(text)))


_C_ASSERT_LINE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*<(?:cassert|assert\.h)>[^\n]*$', re.M)
_KERNEL_OPERATOR_LINE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]kernel_operator\.h[>"]', re.M)


def keep_kernel_assert(text: str) -> str:
    """`#include <cassert>` lines before the source's kernel_operator.h include become the include of
    opkit/sim/kernel_assert.h (one line for one: line numbers stay): on CANN kernel_operator.h comes after them and
    its `assert` (a located kernel fault) wins; with the simulator put first, the C one (an abort) would."""
    first = _KERNEL_OPERATOR_LINE.search(text)
    if first is None:
        return text
    head = _C_ASSERT_LINE.sub('#include "opkit/sim/kernel_assert.h"', text[:first.start()])
    return head + text[first.start():]


def _prepare_source(source: Path, target: Path) -> bool:
    """Write the rewritten `source` to `target`; False when it needs no rewrite (a plain C++ file)."""
    text = source.read_text(encoding="utf-8", errors="surrogateescape")
    rewritten, launches = rewrite_launches(text)
    rewritten = keep_kernel_assert(rewritten)
    notes = _type_notes(text)
    if launches == 0 and not notes and source.suffix != ".asc":
        return False
    rewritten += notes + ("\n" if notes else "")
    quoted = str(source.resolve()).replace("\\", "\\\\").replace('"', '\\"')
    body = f'#include "opkit/sim/chevron.h"\n#line 1 "{quoted}"\n{rewritten}'
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_text(encoding="utf-8", errors="surrogateescape") != body:
        target.write_text(body, encoding="utf-8", errors="surrogateescape")
    return True


def compiler_command(inv: Invocation, replaced: dict[int, Path]) -> list[str]:
    """The g++ command: the user's arguments with rewritten sources swapped in, plus the simulator's needs."""
    args = list(inv.args)
    extra: list[str] = []
    for index, path in replaced.items():
        original = Path(args[index])
        args[index] = str(path)
        extra += ["-iquote", str(original.resolve().parent)]  # `#include "x.h"` still finds the user's headers
    if inv.mode == "cpu":
        extra += ["-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1"]
    else:
        extra += ["-DOPKIT_NPU_MODE=1"]
    extra += [f"-DOPKIT_SOC_ARCH={inv.arch}"] if inv.arch != "2201" else []
    std = [] if inv.has_std else ["-std=c++17"]
    return [inv.compiler, *std, *extra, *args, "-isystem", str(_INCLUDE), "-pthread"]


def compile_sources(argv: list[str], *, default_mode: Mode = "cpu", echo: bool = False) -> int:
    """Run one compiler command with its `<<<>>>` launches rewritten; returns the compiler's exit status."""
    inv = parse_command(argv, default_mode=default_mode)
    with tempfile.TemporaryDirectory(prefix="opkit-cc-") as scratch:
        replaced: dict[int, Path] = {}
        for index in inv.sources:
            source = Path(inv.args[index])
            if not source.is_file():
                continue  # let the compiler report it
            target = _rewritten_path(source, inv, Path(scratch))
            if _prepare_source(source, target):
                replaced[index] = target
        command = compiler_command(inv, replaced)
        pch: list[str] = []
        if wants_pch([Path(inv.args[i]) for i in inv.sources], inv.args):
            pch = pch_flags(command[0], command[1:])
            command[1:1] = pch  # must come before any other -include
        if echo:
            print(" ".join(command), file=sys.stderr)
        return run_with_pch(command, pch, inv.args)


# --- aclrtlaunch_<kernel>.h: what CANN's ascendc_library generates for ACLRT_LAUNCH_KERNEL ---

_KERNEL = re.compile(r'extern\s+"C"\s+((?:(?:__global__|__aicore__|__vector__|__cube__|__mix__\s*\([^)]*\)|'
                     r'inline|static)\s+)+)void\s+(\w+)\s*\(([^)]*)\)\s*\{')
_GM_PARAM = re.compile(r"^(?:GM_ADDR|(?:const\s+)?__gm__\s+[\w:]+\s*\*|[\w:]+\s*\*)\s*(\w+)$")


# Parameter types passed by value in CANN's launch function; any other by-value type is a struct (a tiling struct),
# which CANN's aclrtlaunch_<kernel> takes by pointer and the launch copies into the kernel's argument.
_SCALARS = {"bool", "char", "short", "int", "long", "unsigned", "signed", "float", "double", "half", "bfloat16_t",
            "size_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
            "GM_ADDR"}
_INCLUDE_LINE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)


@dataclass(frozen=True)
class KernelSignature:
    name: str
    params: tuple[tuple[str, str, bool], ...]  # (type text, name, is a GM pointer)
    includes: tuple[str, ...] = ()  # the source's own headers (absolute paths): where its tiling structs live


def _is_struct(type_text: str) -> bool:
    words = [w for w in re.findall(r"[\w:]+", type_text) if w not in ("const", "volatile", "struct")]
    return bool(words) and "*" not in type_text and "&" not in type_text and not all(
        w.split("::")[-1] in _SCALARS for w in words)


def _header_type(type_text: str, gm: bool) -> str:
    return "void*" if gm or _is_struct(type_text) else type_text


def _strip_comments(text: str) -> str:
    out = []
    i = 0
    while i < len(text):
        j = _skip_literal(text, i)
        if j != i:
            out.append(" " if text.startswith(("//", "/*"), i) else text[i:j])
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def kernel_signatures(text: str, source_dir: Path | None = None) -> list[KernelSignature]:
    """The `extern "C" __global__` kernels defined in a source file (template kernels have no C name: skipped).

    With `source_dir`, each signature also lists the source's quoted includes found there, so a launch stub
    compiled apart from the kernel sees the tiling struct types of its parameters."""
    includes = tuple(str((source_dir / inc).resolve()) for inc in _INCLUDE_LINE.findall(text)
                     if source_dir is not None and (source_dir / inc).is_file())
    found = []
    for match in _KERNEL.finditer(_strip_comments(text)):
        if "__global__" not in match.group(1):
            continue
        params = []
        for raw in (p.strip() for p in match.group(3).split(",")):
            if not raw or raw == "void":
                continue
            gm = _GM_PARAM.match(" ".join(raw.split()))
            name = gm.group(1) if gm else re.split(r"[\s*&]", raw)[-1]
            params.append((raw[: len(raw) - len(name)].strip(), name, gm is not None))
        found.append(KernelSignature(match.group(2), tuple(params), includes))
    return found


def launch_header(kernel: KernelSignature) -> str:
    """aclrtlaunch_<kernel>.h: GM pointers are `void*`, as in CANN's generated header; so is a struct parameter,
    which the caller passes by pointer (`ACLRT_LAUNCH_KERNEL(k)(..., tilingHost)`)."""
    params = "".join(f", {_header_type(ty, gm)} {name}" for ty, name, gm in kernel.params)
    guard = f"HEADER_ACLRTLAUNCH_{kernel.name.upper()}_H"
    return (f"// generated by opkit: the launch function of kernel {kernel.name} (ACLRT_LAUNCH_KERNEL)\n"
            f"#ifndef {guard}\n#define {guard}\n#include \"acl/acl_base.h\"\n\n"
            f'extern "C" uint32_t aclrtlaunch_{kernel.name}(uint32_t blockDim, aclrtStream stream{params});\n'
            f"#endif\n")


def launch_stub(kernel: KernelSignature) -> str:
    """The definition of aclrtlaunch_<kernel>: a simulator launch of the kernel."""
    header_params = "".join(f", {_header_type(ty, gm)} {name}" for ty, name, gm in kernel.params)
    decl = ", ".join(f"{ty} {name}" for ty, name, _ in kernel.params)
    call = ", ".join(f"reinterpret_cast<{ty}>({name})" if gm
                     else f"*static_cast<const {ty}*>({name})" if _is_struct(ty) else name
                     for ty, name, gm in kernel.params)
    names = ", ".join(name for _, name, _ in kernel.params)
    includes = "".join(f'#include "{inc}"\n' for inc in kernel.includes)
    # opkit_fatbin_<kernel>: the entry aclrtLaunchKernelWithConfig calls (opkit/acl/binary.h) with the appended
    # arguments' bytes, each parameter's value in turn (a GM pointer's address, a scalar's or struct's bytes).
    unpack = "".join(
        f"  std::remove_cv_t<{'void*' if gm else ty}> a{i}{{}};\n"
        f"  if (off + sizeof(a{i}) <= size) std::memcpy(&a{i}, args + off, sizeof(a{i}));\n"
        f"  off += sizeof(a{i});\n" for i, (ty, _, gm) in enumerate(kernel.params))
    fat_call = ", ".join(f"reinterpret_cast<{ty}>(a{i})" if gm else f"a{i}"
                         for i, (ty, _, gm) in enumerate(kernel.params))
    return (f"// generated by opkit: aclrtlaunch_{kernel.name} runs kernel {kernel.name} on the simulator\n"
            f'#include <cstring>\n#include <type_traits>\n'
            f'#include "opkit/sim/chevron.h"\n#include "acl/acl_base.h"\n{includes}\n'
            f'extern "C" __global__ __aicore__ void {kernel.name}({decl});\n\n'
            f'extern "C" uint32_t aclrtlaunch_{kernel.name}(uint32_t blockDim, aclrtStream stream{header_params}) {{\n'
            f'  {_LAUNCH_HELPER}("{kernel.name}", "{names}", {kernel.name}, blockDim, nullptr, stream)({call});\n'
            f"  return 0;\n}}\n\n"
            f'extern "C" long opkit_fatbin_{kernel.name}(uint32_t blockDim, aclrtStream stream, '
            f"const unsigned char* args, size_t size) {{\n"
            f"  size_t off = 0;\n{unpack}"
            f"  if (off != size) return static_cast<long>(off);\n"
            f'  {_LAUNCH_HELPER}("{kernel.name}", "{names}", {kernel.name}, blockDim, nullptr, stream)({fat_call});\n'
            f"  return 0;\n}}\n")


def generate_launch_files(out_dir: Path, header_dir: Path, sources: list[Path]) -> list[Path]:
    """Write aclrtlaunch_<kernel>.h (into header_dir) and its stub .cpp (into out_dir) for every kernel."""
    stubs = []
    for source in sources:
        text = source.read_text(encoding="utf-8", errors="surrogateescape")
        for kernel in kernel_signatures(text, source.resolve().parent):
            for path, text in ((header_dir / f"aclrtlaunch_{kernel.name}.h", launch_header(kernel)),
                               (out_dir / f"aclrtlaunch_{kernel.name}.cpp", launch_stub(kernel))):
                path.parent.mkdir(parents=True, exist_ok=True)
                if not path.exists() or path.read_text() != text:
                    path.write_text(text)
            stubs.append(out_dir / f"aclrtlaunch_{kernel.name}.cpp")
    return stubs


def ccec_arguments(argv: list[str]) -> list[str]:
    """ccec's command line as the driver's: `-l<CANN host library>` (and `-l <lib>`) dropped, the rest kept."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        lib = argv[i + 1] if arg == "-l" and i + 1 < len(argv) else arg[2:] if arg.startswith("-l") else None
        if lib is not None and lib in _CANN_HOST_LIBS:
            i += 2 if arg == "-l" else 1
            continue
        out.append(arg)
        i += 1
    return out


def _torch_abi(args: list[str]) -> list[str]:
    """Under `opkit run` (OPKIT_TORCH_CXX11_ABI set): a source including torch's headers with the other string ABI
    (CANN's .asc torch extensions pass -D_GLIBCXX_USE_CXX11_ABI=0) gets the installed torch's, as CMake's C++ compiles
    do through abi_launcher.py; the ASC language has no compiler launcher."""
    abi = os.environ.get("OPKIT_TORCH_CXX11_ABI", "")
    if not abi:
        return args
    out, note = matched_abi(args, abi, os.environ.get("OPKIT_TORCH_INCLUDE", "").split(os.pathsep))
    if note:
        print(note, file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    """`opkit cc [--mode cpu|npu] [compiler] g++-arguments...`; `--gen-launch OUT HDR SOURCES...` for CMake."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--gen-launch"]:
        if len(args) < 3:
            print("opkit cc: --gen-launch OUT_DIR HEADER_DIR SOURCES...", file=sys.stderr)
            return 2
        stubs = generate_launch_files(Path(args[1]), Path(args[2]), [Path(a) for a in args[3:]])
        print(";".join(str(s) for s in stubs))
        return 0
    if args[:1] == ["--ccec"]:  # CANN's `ccec` (compiler/ccec_compiler/bin/ccec): the NPU branch, CANN libs built in
        args = ["--mode=npu", *ccec_arguments(args[1:])]
    echo = "--opkit-verbose" in args
    args = _torch_abi([a for a in args if a != "--opkit-verbose"])
    mode = os.environ.get("OPKIT_CC_MODE", "cpu")
    try:
        return compile_sources(args, default_mode="npu" if mode in ("npu", "sim") else "cpu", echo=echo)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
