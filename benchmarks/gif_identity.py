"""Are two renders of the shipped scenarios the same pictures? Decodes each GIF with Pillow
and compares every frame's pixels (RGB) and delay; prints bytes and the verdict per file.

    python benchmarks/gif_identity.py render OUT [--tree PATH]   # every scenarios/*.yaml
    python benchmarks/gif_identity.py compare REFERENCE CANDIDATE
    python benchmarks/gif_identity.py --quick     # two small scenarios rendered twice, compared

`render` runs `run.py SCENARIO --out OUT/NAME.gif` in `--tree` (default: this checkout), so a
reference can be rendered from another checkout of the project (e.g. main's) first.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageSequence

ROOT = Path(__file__).resolve().parents[1]
#: small shipped scenarios for --quick
QUICK = ("tremaux.yaml", "life_glider_projective.yaml")


def render(out: Path, tree: Path, names: tuple[str, ...] = ()) -> None:
    """Renders every GIF scenario of `tree`/scenarios (or those `names`) into `out` (MP4
    ones are skipped)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [tree / "scenarios" / name for name in names] or \
        sorted((tree / "scenarios").glob("*.yaml"))
    for path in paths:
        if "mp4" in path.read_text(encoding="utf-8"):
            continue
        target = out / f"{path.stem}.gif"
        subprocess.run([sys.executable, "run.py", str(path), "--out", str(target)], cwd=tree,
                       check=True, stdout=subprocess.DEVNULL)
        print(f"{path.stem:32} {target.stat().st_size:>10,} B", flush=True)


def same_frames(a: Path, b: Path) -> tuple[bool, int]:
    """Whether the GIFs `a` and `b` show the same frames (RGB, composed) for the same
    delays, compared one frame at a time; and how many frames `a` has."""
    with Image.open(a) as one, Image.open(b) as other:
        if one.n_frames != other.n_frames:
            return False, one.n_frames
        for x, y in zip(ImageSequence.Iterator(one), ImageSequence.Iterator(other),
                        strict=True):
            if x.info.get("duration") != y.info.get("duration") or not np.array_equal(
                    np.asarray(x.convert("RGB")), np.asarray(y.convert("RGB"))):
                return False, one.n_frames
        return True, one.n_frames


def compare(reference: Path, candidate: Path) -> int:
    """Prints one line per GIF of `reference`; returns the number that differ."""
    bad = total_ref = total_new = 0
    for ref in sorted(reference.glob("*.gif")):
        new = candidate / ref.name
        same, count = same_frames(ref, new)
        same_bytes = ref.read_bytes() == new.read_bytes()
        total_ref += ref.stat().st_size
        total_new += new.stat().st_size
        verdict = "byte-identical" if same_bytes else "pixel-identical" if same else "DIFFERENT"
        bad += not same
        print(f"{ref.stem:32} {ref.stat().st_size:>10,} {new.stat().st_size:>10,} "
              f"{count:5d} frames  {verdict}")
    print(f"{'total':32} {total_ref:>10,} {total_new:>10,}  "
          f"({total_new / total_ref:.4f} of the reference); {bad} differ")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="render " + ", ".join(QUICK) + " twice here and compare")
    sub = parser.add_subparsers(dest="command")
    r = sub.add_parser("render")
    r.add_argument("out", type=Path)
    r.add_argument("--tree", type=Path, default=ROOT)
    c = sub.add_parser("compare")
    c.add_argument("reference", type=Path)
    c.add_argument("candidate", type=Path)
    args = parser.parse_args()
    if args.quick:
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            render(Path(tmp) / "a", ROOT, QUICK)
            render(Path(tmp) / "b", ROOT, QUICK)
            sys.exit(1 if compare(Path(tmp) / "a", Path(tmp) / "b") else 0)
    if args.command is None:
        parser.error("say render or compare (or --quick)")
    if args.command == "render":
        render(args.out, args.tree.resolve())
    else:
        sys.exit(1 if compare(args.reference, args.candidate) else 0)


if __name__ == "__main__":
    main()
