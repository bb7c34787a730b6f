"""How much of a 16:9 slide the cells cover: every shipped scenario laid out at 1280x720,
the share of the slide's pixels that are cells (rows x cols x cell_size² per grid drawn,
the copies of a neighbourhood view included; walls, charts, margins and text excluded),
and the smallest cell.

    python benchmarks/slide_coverage.py                      # every shipped scenario
    python benchmarks/slide_coverage.py scenarios/life_surfaces_compared.yaml
    python benchmarks/slide_coverage.py --size 1920x1080

Only the layout is computed (the canvas and its first frame), no animation is rendered.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from visualizer import scenario as sc  # noqa: E402


def laid_out(path: Path, size: tuple[int, int]) -> Any:
    """The canvas of the scenario at `path` on a `size` canvas, as `run.py --size` lays it
    out (every call into the pipeline is here, so that its rewrite touches only this)."""
    from visualizer import pipeline

    scenario = sc.load(path, given=sc.Given({"size": f"{size[0]}x{size[1]}"}))
    return pipeline.prepare(scenario).canvas()


def grids(panel: Any) -> tuple[int, int, int, int]:
    """(rows, cols, cell size, copies drawn) of a panel's renderer: a Life grid, a maze, or
    a maze with its glued neighbours around it."""
    centre = getattr(panel, "centre", None)
    if centre is not None:                  # a neighbourhood view: the square and its copies
        rows, cols, cell, _ = grids(centre)
        return rows, cols, cell, len(getattr(panel, "tiles", {})) or 9
    maze = getattr(panel, "maze", None)
    if maze is not None:
        return maze.rows, maze.cols, panel.cell_size, 1
    return panel.rows, panel.cols, panel.cell_size, 1


def coverage(canvas: Any) -> tuple[float, int, int]:
    """(share of the frame covered by cells, smallest cell size, panels)."""
    height, width = canvas.shape
    area, smallest = 0, None
    for panel in canvas.panels:
        rows, cols, cell, copies = grids(panel)
        area += rows * cols * cell * cell * copies
        smallest = cell if smallest is None else min(smallest, cell)
    return area / (width * height), smallest or 0, len(canvas.panels)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", type=Path,
                        help="scenario files (default: every shipped scenario)")
    parser.add_argument("--size", default="1280x720", help="the slide, WxH")
    parser.add_argument("--quick", action="store_true",
                        help="two small shipped scenarios only (a few seconds)")
    args = parser.parse_args()
    size = sc.parse_size(args.size)
    if size is None:
        parser.error(f"--size: expected {sc.size_expected()}, got '{args.size}'")
    paths = args.scenarios or sorted((HERE / "scenarios").glob("*.yaml"))
    if args.quick and not args.scenarios:
        paths = [HERE / "scenarios" / "tremaux.yaml", HERE / "scenarios" / "threshold.yaml"]
    print(f"cells' share of a {size[0]}x{size[1]} slide")
    print(f"{'scenario':32} {'panels':>6} {'cell px':>7} {'covered':>8} {'seconds':>8}")
    shares = []
    for path in paths:
        started = time.process_time()
        try:
            share, cell, n = coverage(laid_out(path, size))
        except sc.ScenarioError as exc:
            print(f"{path.stem:32} {'-':>6} {'-':>7} {'-':>8}  {exc.errors[0]}")
            continue
        shares.append(share)
        print(f"{path.stem:32} {n:>6} {cell:>7} {share:>7.1%} "
              f"{time.process_time() - started:>8.1f}", flush=True)
    if shares:
        shares.sort()
        print(f"{'median':32} {'':>6} {'':>7} {shares[len(shares) // 2]:>7.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
