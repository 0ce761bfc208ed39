"""Stage 3, a project into something that runs: the wheel build (project.py), the compiler driver and `<<<>>>`
rewrite (cc.py) with its precompiled header (pch.py), kernel isolation (isolation.py), layout detection (layout.py)
and the OpDef/prototype cross-check (opdef_check.py).

Kept free of imports: `opkit cc` and `python -m opkit.build.isolation` run from CMake with whatever Python it
found, standard library only.
"""
