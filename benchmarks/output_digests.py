"""Render every shipped scenario and print one SHA-256 per output file, to show that a change
which should alter no picture alters no byte.

    python benchmarks/output_digests.py > before.txt        # on the old commit
    python benchmarks/output_digests.py --compare before.txt  # on the new one

`--repo DIR` renders with another checkout's `run.py` (its own `visualizer` package);
`--quick` only two small scenarios (a few seconds).
"""
from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent.parent
#: small shipped scenarios for --quick
QUICK = ("tremaux.yaml", "life_glider_projective.yaml")


def output_suffix(scenario: Path) -> str:
    """The extension the scenario's `output` asks for (".gif" when it names none)."""
    data = yaml.safe_load(scenario.read_text(encoding="utf-8")) or {}
    output = data.get("output") if isinstance(data, dict) else None
    return Path(str(output)).suffix or ".gif" if output else ".gif"


def digests(repo: Path, names: tuple[str, ...] = ()) -> dict[str, str]:
    """Scenario file name -> SHA-256 of what `run.py` writes for it in `repo` (every shipped
    scenario, or those `names`)."""
    found: dict[str, str] = {}
    scenarios = [repo / "scenarios" / name for name in names] or \
        sorted((repo / "scenarios").glob("*.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in scenarios:
            out = Path(tmp) / f"{scenario.stem}{output_suffix(scenario)}"
            done = subprocess.run([sys.executable, "run.py", str(scenario), "--out", str(out)],
                                  cwd=repo, capture_output=True, text=True)
            found[scenario.name] = (hashlib.sha256(out.read_bytes()).hexdigest()
                                    if done.returncode == 0 and out.exists()
                                    else f"failed ({done.returncode})")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout to render with")
    parser.add_argument("--compare", type=Path, help="a file this script printed before")
    parser.add_argument("--quick", action="store_true", help="only " + ", ".join(QUICK))
    args = parser.parse_args()
    now = digests(args.repo.resolve(), QUICK if args.quick else ())
    if args.compare is None:
        for name, digest in now.items():
            print(f"{digest}  {name}")
        return 1 if any(digest.startswith("failed") for digest in now.values()) else 0
    before = dict(reversed(line.split("  ", 1)) for line in
                  args.compare.read_text().splitlines() if line.strip())
    changed = [name for name in sorted(set(before) | set(now))
               if before.get(name) != now.get(name)]
    for name in changed:
        print(f"changed: {name}  {before.get(name, '-')[:12]} -> {now.get(name, '-')[:12]}")
    print(f"{len(now) - len(changed)} of {len(now)} outputs byte-identical")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
