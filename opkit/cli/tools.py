"""The commands around a project: the compiler driver, CMake flags, the NPU-time estimate and the benchmark."""
from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from opkit.cli.app import EXIT_CODES, cli, command, console_for

__all__ = ["cc_command", "cmake_args", "profile", "bench", "cann_root_command", "run_command"]


@cli.command("cc", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False,
                                     "help_option_names": ["-h", "--help"]},
             short_help="Compile .asc files and <<<>>> launches with g++ against the simulator.", epilog=EXIT_CODES)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def cc_command(args: tuple[str, ...]) -> None:
    """Compile like g++, with `kernel<<<blockDim, l2ctrl, stream>>>(args)` launches rewritten for the simulator.

    Takes g++'s arguments (or a compiler first, as a CMAKE_CXX_COMPILER_LAUNCHER); adds opkit's include
    directory, -std=c++17 (unless given) and -pthread. `--mode=cpu` (default) defines ASCENDC_CPU_DEBUG;
    `--mode=npu` compiles the NPU branch of a program instead. Diagnostics point into your files. Exits with the
    compiler's status.

    \b
    Example:
      opkit cc add.asc -o add && ./add
      opkit cc --mode=npu -c main.cpp -o main.o
    """
    from opkit.build.cc import main as cc_main

    status = cc_main(list(args))
    if status != 0:
        raise SystemExit(status)


@command("cmake-args", short="Print the -D flags that point CMake at opkit (ASC language, CANN stand-ins).")
@click.option("--cann", is_flag=True, help="Also -DASCEND_CANN_PACKAGE_PATH for CANN's kernel-launch samples.")
def cmake_args(cann: bool) -> None:
    """Print the -D flags that point a program's own CMakeLists at opkit.

    `find_package(ASC)` + `project(x LANGUAGES ASC CXX)` needs -DASC_DIR; CANN's kernel-launch samples
    (RUN_MODE cpu/npu) need -DASCEND_CANN_PACKAGE_PATH (--cann). -DOPKIT_PYTHON names this Python, which runs
    opkit's compiler driver.

    \b
    Example:
      opkit cmake-args --cann
      cmake -B build $(opkit cmake-args) && cmake --build build
      cmake -B build -DRUN_MODE=npu $(opkit cmake-args --cann)
    """
    from opkit import cann_dir

    asc = cann_dir() / "compiler" / "tikcpp" / "ascendc_kernel_cmake"
    flags = [f"-DASC_DIR={asc}", f"-DOPKIT_PYTHON={sys.executable}"]
    if cann:
        flags.append(f"-DASCEND_CANN_PACKAGE_PATH={cann_dir()}")
    click.echo(" ".join(flags))


@command("profile", short="Estimate a kernel's NPU time from the simulator's counts: table, trace, PNG.")
@click.argument("target", type=click.Path(path_type=Path))
@click.argument("args", nargs=-1)
@click.option("--op", default=None, help="Project: the op to run (snake_case name or OpType; default: its only op).")
@click.option("--shape", default=None,
              help="Project: every input's shape, comma-separated (e.g. 8192,8192; default: 48,4096).")
@click.option("--dtype", default="float16", show_default=True, help="Project: every input's dtype.")
@click.option("--soc", default=None, help="SoC whose timing table to use (default: the launch's).")
@click.option("--compare", "compare", is_flag=True,
              help="Profile two targets, TARGET and the first ARG (programs or projects), and print both side by "
                   "side: each pipe's difference and which wins. Further ARGS go to both programs.")
@click.option("--no-trace", "no_trace", is_flag=True, help="Do not write the Chrome/Perfetto trace JSON.")
@click.option("--no-png", "no_png", is_flag=True, help="Do not draw the PNG timeline.")
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Where the trace JSON, PNG and numbers go (default: TARGET/profile or ./opkit-profile).")
@click.pass_context
def profile(ctx: click.Context, target: Path, args: tuple[str, ...], op: str | None, shape: str | None, dtype: str,
            soc: str | None, compare: bool, no_trace: bool, no_png: bool, out_dir: Path | None) -> None:
    """Estimate how long a kernel takes on the NPU, in msprof's terms, from a simulated run.

    TARGET is a generated project (--op, default its only op, and --shape, which every input gets) or a kernel-launch
    program (ICPU_RUN_KF / opkit::sim::Launch; ARGS are passed to it after --; its own output is shown). Prints Task Duration, the aiv_*
    (vector cores) and aic_* (cube cores: mac, mte1, fixpipe, ...) times and ratios, the bounding pipe and advice; writes the numbers (.json), a Chrome/Perfetto trace (.trace.json, unless
    --no-trace) and a PNG (needs opkit[plot]; unless --no-png). The times are an ESTIMATE from a model of documented
    hardware behaviour calibrated on published msprof figures, not a measurement.

    \b
    Example:
      opkit profile add_custom --op add_custom --shape 8192,8192 --dtype float16
      opkit profile ./add_bench -- 67108864 48 16384 2
      opkit profile --compare ./add_v1 ./add_v2 -- 67108864 48 16384 2
    """
    from opkit.profile import format_compare, format_table

    console = console_for(ctx)
    if compare:
        if not args:
            raise click.UsageError("--compare needs two targets: opkit profile --compare A B [-- ARGS]")
        other, rest = Path(args[0]), tuple(args[1:])
        pair = []
        for t in (target, other):   # a program's last launch stands for it
            pair.append(_profile_target(console, t, rest, op, shape, dtype, soc)[-1])
        console.result(format_compare(pair[0], pair[1], f"A={target}", f"B={other}"), tone="plain")
        out = out_dir or Path("opkit-profile")
        for label, e in zip("AB", pair):
            _write(console, e, out, f"{label}-{e.op}", no_trace, no_png)
        return
    estimates = _profile_target(console, target, args, op, shape, dtype, soc)
    out = out_dir or (target / "profile" if target.is_dir() else Path("opkit-profile"))
    for i, e in enumerate(estimates):
        console.result(format_table(e), tone="plain")
        _write(console, e, out, e.op if len(estimates) == 1 else f"{e.op}-{i}", no_trace, no_png)


def _profile_target(console, target: Path, args: tuple[str, ...], op: str | None, shape: str | None, dtype: str,
                    soc: str | None) -> list:
    """The estimates of one target: a generated project (one op, one launch) or a program (one per launch)."""
    from opkit.profile import DEFAULT_SHAPE, profile_op, profile_program, project_ops

    if not target.is_dir():
        if not target.exists():
            raise click.UsageError(f"{target}: no such program or project")
        return profile_program([str(target.absolute()), *args], soc=soc, echo=True)
    if op is None:
        ops = project_ops(target)
        if len(ops) != 1:
            have = f"its ops: {', '.join(ops)}" if ops else "no op prototype found"
            raise click.UsageError(f"{target} is a project: name the op (--op NAME --shape 8,1024); {have}")
        op = ops[0]
        console.info(f"no --op: profiling {op}, the project's only op")
    if shape is None:
        dims = DEFAULT_SHAPE
        console.info(f"no --shape: every input is {'x'.join(map(str, dims))} ({dims[0] * dims[1]} elements of "
                     f"{dtype}); pass --shape for your own")
    else:
        try:
            dims = tuple(int(d) for d in shape.split(","))
        except ValueError:
            raise click.UsageError(f"--shape {shape!r} is not comma-separated integers") from None
    return [profile_op(target, op, dims, dtype, soc=soc, on_line=console.detail)]


def _write(console, e, out: Path, stem: str, no_trace: bool, no_png: bool) -> None:
    from opkit.profile import PNG_MISSING, write_reports

    paths = write_reports(e, out, stem, trace=not no_trace, png=not no_png)
    for kind in ("trace", "png", "json"):
        if paths[kind] is not None:
            console.info(f"{kind}: {paths[kind]}")
    if paths["png"] is None and not no_png:
        console.warning(PNG_MISSING)


@command("bench", short="Time each op on the simulator beside its reference over a size sweep: table, JSON, PNG.")
@click.argument("project", type=click.Path(path_type=Path, file_okay=False), default=".")
@click.option("--sizes", default=None,
              help="Elements per input, comma-separated (default: 1024,4096,...,4194304).")
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Where bench.json and bench.png go (default: PROJECT/build/opkit-bench).")
@click.pass_context
def bench(ctx: click.Context, project: Path, sizes: str | None, out_dir: Path | None) -> None:
    """Benchmark a project's ops on the simulator beside their reference.

    Builds (if stale) and installs PROJECT like `opkit test`, then times every op, for every dtype combination
    numpy can hold, over a sweep of sizes (elements per input): the simulator, tests/reference.py's numpy function
    and, when torch is installed and reference.py defines `<op>_torch`, that. Prints a table of times and GB/s (bytes
    of inputs read and outputs written per second), writes bench.json and a throughput-vs-size bench.png (needs
    opkit[plot]; without matplotlib only the JSON is written). Simulator times are CPU times of the simulation, not
    NPU times (see `opkit profile` for an estimate of those).

    \b
    Example:
      opkit bench add_custom --sizes 1024,65536,1048576
    """
    from opkit.check.bench import DEFAULT_SIZES, bench_project, render_table

    console = console_for(ctx)
    try:
        chosen = tuple(int(s) for s in sizes.split(",")) if sizes else DEFAULT_SIZES
    except ValueError:
        raise click.UsageError(f"--sizes {sizes!r} is not comma-separated integers") from None
    if any(n < 1 for n in chosen):
        raise click.UsageError("--sizes must all be at least 1")
    show_bar = not console.quiet and sys.stderr.isatty()
    bar_context = click.progressbar(length=1, label="benchmarking", file=sys.stderr, show_pos=True,
                                    item_show_func=lambda item: item)
    with bar_context if show_bar else contextlib.nullcontext() as bar:
        def progress(done: int, total: int, label: str) -> None:
            if bar is not None:
                bar.length = total
                bar.update(done - bar.pos, label)
            elif done < total:
                console.detail(f"[{done + 1}/{total}] {label}")

        result = bench_project(project, sizes=chosen, out_dir=out_dir, on_progress=progress, on_line=console.detail)
    console.result(render_table(result.rows), tone="plain")
    console.info(f"json: {result.json_path}")
    if result.png_path is not None:
        console.info(f"png: {result.png_path}")
    else:
        console.warning(result.plot_problem)


@command("cann-root", short="Lay out the per-user CANN stand-in (libs, headers, opp/vendors) and print its path.")
def cann_root_command() -> None:
    """Print the CANN stand-in root to use as ASCEND_INSTALL_PATH / ASCEND_HOME_PATH / DDK_PATH.

    The tree (in ${XDG_CACHE_HOME:-~/.cache}/opkit/, or $OPKIT_CANN_ROOT) holds bin/setenv.bash, include/ (acl/,
    aclnn/), lib64/ (libascendcl.so, libnnopbase.so, libopapi.so, libacl_op_compiler.so, built on first use and
    again when opkit changes), <arch>-linux/lib64 and opp/vendors/, where `opkit build` installs each project's aclnn
    package (vendor customize). Refuses when the environment points at a real CANN.

    \b
    Example:
      opkit cann-root
      opkit build AddCustom && export ASCEND_INSTALL_PATH=$(opkit cann-root)
      bash AclNNInvocation/run.sh
    """
    from opkit.build.cann_root import ensure_cann_root

    click.echo(str(ensure_cann_root()))


@cli.command("run", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
             short_help="Run a command with the torch_npu/torchair and CANN stand-ins active.", epilog=EXIT_CODES)
@click.option("--op-plugin", "op_plugins", multiple=True, type=click.Path(path_type=Path),
              help="A directory of OpPlugin entries (op_plugin_functions.yaml + *KernelNpuApi.cpp): its ops become "
                   "torch.ops.npu.* and torch_npu.* (repeatable; also $OPKIT_OP_PLUGIN, ':'-separated).")
@click.argument("command", nargs=-1, type=click.UNPROCESSED, required=True)
def run_command(op_plugins: tuple[Path, ...], command: tuple[str, ...]) -> None:
    """Run COMMAND with opkit's stand-ins: `import torch_npu` gives an `npu` device on the CPU, `import torchair`
    a graph-mode backend, and the CANN stand-in's environment (`opkit cann-root`'s setenv.bash) is set, so the
    operators `opkit build` installed are found by EXEC_NPU_CMD. The device library is built against the
    installed torch on first use (about a minute) and cached. Refuses when a real torch_npu or torchair is
    importable: they are never shadowed. Exits with COMMAND's status.

    \b
    Example:
      opkit run -- python test/test_add_custom.py
      opkit run --op-plugin op_plugin_patch -- python test_ops_custom.py
    """
    from opkit.build.run_env import run_command as run

    sys.exit(run(list(command), list(op_plugins)))
