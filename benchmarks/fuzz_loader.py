"""A longer fuzz run of the scenario loader than the test suite's (tests/test_input_fuzz.py):
the same three properties with many more examples each; exits non-zero if anything but
ScenarioError escapes the loader.

    python benchmarks/fuzz_loader.py --examples 20000
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="examples per property")
    args = parser.parse_args()
    env = {**os.environ, "FUZZ_EXAMPLES": str(args.examples)}
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "--durations=0", "tests/test_input_fuzz.py"], cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
