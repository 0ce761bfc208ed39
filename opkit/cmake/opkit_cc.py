"""`opkit cc` for CMake rules: runs opkit.build.cc from the package this file belongs to, with any Python 3."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from opkit.build.cc import main  # noqa: E402

sys.exit(main())
