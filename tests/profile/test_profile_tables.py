"""Every SoC table of `opkit profile` has every constant, each with a unit and a source, and the model runs on each."""
from __future__ import annotations

import pytest

from opkit.profile.model import COPY, VEC, simulate
from opkit.profile.soc_table import TABLES, table_for

_KEYS = set(TABLES["Ascend910B2"].constants)


@pytest.mark.parametrize("soc", sorted(TABLES))
def test_table_is_complete_and_sourced(soc: str) -> None:
    table = TABLES[soc]
    assert set(table.constants) == _KEYS
    for key, c in table.constants.items():
        assert c.value >= 0 and c.unit and len(c.source) > 10, (soc, key)


@pytest.mark.parametrize("soc", ["Ascend910B2", "Ascend310P3", "Ascend310B1", "Ascend950PR_9599"])
def test_model_runs_on_each_family(soc: str) -> None:
    block = [[COPY, 0, 4, 1, 8192, 0], [VEC, 1, 2, 32, 128, 16], [COPY, 0, 5, 1, 8192, 0]]
    launch = {"op": "k", "soc": soc, "block_dim": 2, "names": ["DataCopy", "Add"], "blocks": [block, block]}
    tl = simulate(launch)
    assert tl.soc == soc and all(c.end > 0 for c in tl.cores)
    # the bank-conflict count (field d of the Vec event) only costs on a SoC whose UB layout is modelled
    clean = simulate({**launch, "blocks": [[row[:5] + [0] if row[0] == VEC else row for row in block]] * 2})
    slower = tl.cores[0].busy[1] > clean.cores[0].busy[1]
    assert slower == bool(table_for(soc)["ub_banks"])
