"""A longer fuzz run of the scenario loader than the test suite's (tests/test_input_fuzz.py):
the same three properties with many more examples each; exits non-zero if anything but
ScenarioError escapes the loader.

    python benchmarks/fuzz_loader.py --examples 20000
    python benchmarks/fuzz_loader.py --quick     # 5 examples per property: seconds
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
    parser.add_argument("--quick", action="store_true", help="5 examples per property")
    args = parser.parse_args()
    if args.quick:
        args.examples = 5
    env = {**os.environ, "FUZZ_EXAMPLES": str(args.examples)}
    status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                              "--durations=0", "tests/test_input_fuzz.py"], cwd=ROOT, env=env)
    print(f"fuzz_loader: {args.examples} examples per property: "
          + ("every document gave a scenario or a ScenarioError" if status == 0
             else f"FAILED (pytest exit status {status})"))
    return status


if __name__ == "__main__":
    sys.exit(main())
