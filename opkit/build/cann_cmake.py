"""What an op's own CMakeLists.txt adds to its build in CANN's open-source operator repository.

There (`src/<family>/<op>/`), each op's CMakeLists.txt hands CANN's build the sources and include folders it needs
beyond op_host/ and op_kernel/: code shared one level up, in `src/common` (`${OP_COMMON_DIR}`):

    add_ops_compile_options(OP_NAME ForeachAtan OPTIONS -I${OP_COMMON_DIR}/inc/foreach/op_kernel ...)
    target_sources(optiling PRIVATE ${OP_COMMON_DIR}/src/foreach/op_tiling/foreach_tiling_func.cpp)
    target_include_directories(optiling PRIVATE ${OP_COMMON_DIR}/inc)
    target_compile_definitions(optiling PRIVATE ...)

and `src/common/CMakeLists.txt` gives every tiling source the definitions its log headers (inc/log) need, through the
interface target the repository's top-level CMakeLists.txt links `optiling` with:

    target_compile_definitions(ops_utils_tiling_headers INTERFACE OPS_UTILS_LOG_SUB_MOD_NAME="OP_TILING"
        OPS_UTILS_LOG_PACKAGE_TYPE=$<IF:$<BOOL:${BUILD_OPEN_PROJECT}>,"[Custom]","">)

opkit reads those commands as CANN's build would, for the host targets that hold the OpDef, InferShape and
tiling (`optiling`, `opsproto`, `op_host_aclnn*`), and the sources it adds to `opapi` (a hand-written aclnn API over
CANN's l0 ops: those, and only those, go into the op's libcust_opapi.so, as in CANN's build). The variables are CANN's: `${OP_COMMON_DIR}` is `src/common` of the repository holding the op,
`${CMAKE_SOURCE_DIR}` that repository's root, `${CMAKE_CURRENT_SOURCE_DIR}` the op's folder; a path naming the CANN
install (`${ASCEND_CANN_PACKAGE_PATH}/include...`) is opkit's own headers, always on the path; a target_sources file
that is not there is a located error, as CMake stops on it ("Cannot find source file"). A definition's
`$<IF:$<BOOL:${BUILD_OPEN_PROJECT}>,A,B>` is A (build.sh builds the open project: -DBUILD_OPEN_PROJECT=ON); one with
another generator expression is left out. A project without such a CMakeLists.txt gets nothing extra.

CANN links every op's `optiling` sources of the repository into one liboptiling (its top-level CMakeLists.txt adds
each `src/<family>/<op>` with an op_host/ folder, op_add_subdirectory in cmake/func.cmake), so an op's tiling code
may call a class a sibling op defines: circular_pad_grad's tiling header includes
`../../circular_pad/op_host/circular_pad_common.h`, whose code is in circular_pad's `op_host/circular_pad_common.cc`,
which only circular_pad's CMakeLists.txt lists. opkit builds one op, so it takes from such a sibling the `optiling`
sources its CMakeLists.txt lists that implement the included header (same file stem): the code CANN's one library
would give it, without the sibling's own OpDef.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from opkit.errors import PathError

__all__ = ["CannCMake", "read_cann_cmake"]

_HOST_TARGETS = {"optiling", "opsproto", "op_host_aclnn", "op_host_aclnnInner", "op_host_aclnnExc"}
_COMMAND = re.compile(r"^\s*(add_ops_compile_options|target_sources|target_include_directories|"
                      r"target_compile_definitions)\s*\(([^)]*)\)", re.M | re.I)
# The interface target of src/common/CMakeLists.txt that CANN's top-level CMakeLists.txt links `optiling` with.
_TILING_HEADERS = "ops_utils_tiling_headers"
_SCOPES = ("PRIVATE", "PUBLIC", "INTERFACE")
_OPEN_PROJECT = re.compile(r"\$<IF:\$<BOOL:\$\{BUILD_OPEN_PROJECT\}>,([^,>]*),([^,>]*)>")
_VARIABLE = re.compile(r"\$\{(\w+)\}")
_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


@dataclass(frozen=True)
class CannCMake:
    host_sources: tuple[Path, ...] = ()        # host sources outside op_host/ (shared tiling code)
    host_include_dirs: tuple[Path, ...] = ()
    kernel_include_dirs: tuple[Path, ...] = ()
    op_api_sources: tuple[Path, ...] | None = None   # `target_sources(opapi ...)`; None: the CMakeLists names none
    host_definitions: tuple[str, ...] = ()     # NAME or NAME=VALUE, as CMake passes them (VALUE may be "quoted")


def _common_dir(root: Path) -> Path | None:
    """`src/common` of the repository holding `root`: the nearest ancestor with a `common/` folder beside the op's
    family folder."""
    return next((parent / "common" for parent in root.parents if (parent / "common").is_dir()), None)


def _strip_comments(text: str) -> str:
    return "\n".join(line.split("#", 1)[0] for line in text.splitlines())


def _definitions(words: list[str]) -> list[str]:
    """The definitions of one target_compile_definitions command's words (after the target name)."""
    found = []
    for word in words:
        if word in ("PRIVATE", "PUBLIC", "INTERFACE"):
            continue
        word = _OPEN_PROJECT.sub(lambda m: m[1], word)
        if "$<" in word or not re.match(r"^-?D?[A-Za-z_]\w*(=|$)", word):
            continue   # a generator expression opkit does not evaluate, or not a definition
        found.append(word[2:] if word.startswith("-D") else word)
    return found


def _common_definitions(common: Path | None) -> list[str]:
    """What src/common/CMakeLists.txt defines for every tiling source (through ops_utils_tiling_headers)."""
    cmake = common / "CMakeLists.txt" if common is not None else None
    if cmake is None or not cmake.is_file():
        return []
    text = _strip_comments(cmake.read_text(encoding="utf-8", errors="replace"))
    return [d for command, body in _COMMAND.findall(text) if command.lower() == "target_compile_definitions"
            and body.split()[:1] == [_TILING_HEADERS] for d in _definitions(body.split()[1:])]


def _sibling_sources(root: Path) -> list[Path]:
    """The `optiling` sources of sibling ops (src/<family>/<op> folders with op_host/ and a CMakeLists.txt) that
    implement a sibling op_host header this op's op_host/ files include (same stem: circular_pad_common.h ->
    circular_pad_common.cc)."""
    host = root / "op_host"
    if not host.is_dir():
        return []
    own = root.resolve()
    found: list[Path] = []
    for source in sorted(f for f in host.iterdir() if f.suffix in (".h", ".hpp", ".cpp", ".cc")):
        for name in _INCLUDE.findall(source.read_text(encoding="utf-8", errors="replace")):
            header = (host / name).resolve()
            sibling = header.parent.parent
            if (not header.is_file() or header.parent.name != "op_host" or sibling == own
                    or not (sibling / "CMakeLists.txt").is_file()):
                continue
            found += [f for f in _optiling_sources(sibling) if f.stem == header.stem and f not in found]
    return found


def _optiling_sources(op: Path) -> list[Path]:
    """The files `op`/CMakeLists.txt adds to `optiling` (paths relative to the op's folder or ${...CURRENT...})."""
    text = _strip_comments((op / "CMakeLists.txt").read_text(encoding="utf-8", errors="replace"))
    values = {"CMAKE_CURRENT_SOURCE_DIR": str(op), "CMAKE_CURRENT_LIST_DIR": str(op)}
    files = []
    for command, body in _COMMAND.findall(text):
        words = body.split()
        if command.lower() != "target_sources" or words[:1] != ["optiling"]:
            continue
        for word in words[1:]:
            if any(v not in values for v in _VARIABLE.findall(word)):
                continue
            path = Path(_VARIABLE.sub(lambda m: values[m[1]], word))
            path = path if path.is_absolute() else op / path
            if path.is_file():
                files.append(path.resolve())
    return files


def read_cann_cmake(root: Path) -> CannCMake:
    """The extra host sources and include folders `root`/CMakeLists.txt gives the op (empty when there is none)."""
    cmake = root / "CMakeLists.txt"
    if not cmake.is_file():
        return CannCMake()
    common = _common_dir(root)
    values = {"CMAKE_CURRENT_SOURCE_DIR": root, "CMAKE_CURRENT_LIST_DIR": root}
    if common is not None:
        values["OP_COMMON_DIR"] = common
        values["CMAKE_SOURCE_DIR"] = common.parent.parent if common.parent.name == "src" else common.parent

    def candidate(word: str) -> Path | None:
        missing = [v for v in _VARIABLE.findall(word) if v not in values]
        if missing or "$<" in word:   # the CANN install's own folders (opkit's headers), or what opkit cannot read
            return None
        text = _VARIABLE.sub(lambda m: str(values[m[1]]), word)
        return Path(text) if Path(text).is_absolute() else root / text

    def path(word: str) -> Path | None:
        found = candidate(word)
        return found.resolve() if found is not None and found.exists() else None

    def source(word: str, target: str, start: int) -> Path | None:
        """A target_sources file: as CMake does ("Cannot find source file"), one that is not there stops the build,
        located, instead of leaving out code the op needs."""
        found = candidate(word)
        if found is not None and not found.exists():
            line = text.count("\n", 0, text.find(word, start)) + 1
            raise PathError(f"{cmake}:{line}", f"target_sources({target} ...) names {word}, which does not exist "
                            f"({found})", "CMake stops on it too (Cannot find source file); fix the path or copy "
                            "the file")
        return path(word)

    sources: list[Path] = []
    host_dirs: list[Path] = []
    kernel_dirs: list[Path] = []
    op_api: list[Path] | None = None
    definitions = _common_definitions(common)
    text = _strip_comments(cmake.read_text(encoding="utf-8", errors="replace"))
    for match in _COMMAND.finditer(text):
        command, body = match[1].lower(), match[2]
        words = body.split()
        if command == "add_ops_compile_options":
            for word in words:
                if word.startswith("-I") and (found := path(word[2:])) is not None:
                    kernel_dirs.append(found)
            continue
        if command == "target_sources" and words and words[0] == "opapi":
            found_api = [source(word, "opapi", match.start(2)) for word in words[1:] if word not in _SCOPES]
            op_api = (op_api or []) + [found for found in found_api if found is not None and found.is_file()]
            continue
        if not words or words[0] not in _HOST_TARGETS:
            continue
        if command == "target_compile_definitions":
            definitions += _definitions(words[1:])
            continue
        for word in words[1:]:
            if word in _SCOPES:
                continue
            found = source(word, words[0], match.start(2)) if command == "target_sources" else path(word)
            if found is None:
                continue
            if command == "target_sources" and found.is_file() and (found.parent != (root / "op_host").resolve()
                                                                    or found.suffix != ".cpp"):   # op_host/*.cc
                sources.append(found)
            elif command == "target_include_directories" and found.is_dir():
                host_dirs.append(found)
    sources += _sibling_sources(root)
    unique = lambda items: tuple(dict.fromkeys(items))  # noqa: E731
    return CannCMake(unique(sources), unique(host_dirs), unique(kernel_dirs),
                     unique(op_api) if op_api is not None else None, unique(definitions))
