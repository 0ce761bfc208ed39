"""Stage 4, running and judging a built op: `opkit test` (run.py, with its pytest plugin pytest_plugin.py), the
helpers generated tests import (cases.py, inputs.py, compare.py; public as `opkit.testing`) and `opkit bench`
(bench.py)."""
