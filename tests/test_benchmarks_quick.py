"""Every script in benchmarks/ runs: each one's `--quick` mode (small sizes, a few seconds of
CPU) in a subprocess, as a user would start it, must exit 0 and print its figures, so that no
benchmark can rot unnoticed when the code it measures changes.

Slow (a minute or more of wall time on a busy 2-core machine): `-m "not slow"` leaves it out.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"


def browser() -> bool:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return bool(shutil.which("chromedriver") and (shutil.which("chromium")
                                                  or shutil.which("chromium-browser")))


#: script -> (tools it cannot run without, figures its quick mode must print)
SCRIPTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "bench_generators_1000": ((), (r"30²: backtracker \d+\.\d\d s", r"kruskal\s+\d+\.\d\d s\s+\d",
                                   r"growth \(cells ×4\.0\)")),
    "bench_gallery": ((), (r"cold\s+--jobs 2:\s+\d+\.\d s wall.*2 lessons: 2 rendered",
                           r"re-run\s+--jobs 2:.*2 lessons: 0 rendered, 2 unchanged")),
    "bench_grids": ((), (r"backtracker\s+\d+\.\d\ds 1\.00x",
                          r"wilson\s+\d+\.\d\ds 1\.00x\s+\d+\s+\d+\.\d\ds \d+\.\d\dx")),
    "bench_explain": ((), (r"128²\s+\d+ gens\s+evolve \d+\.\d+ s\s+watched \d+\.\d+ s\s+"
                           r"ratio \d+\.\d\d",
                           r"kruskal\s+without \d+\.\d\d s\s+with \d+\.\d\d s\s+ratio \d+\.\d\d")),
    "bench_gif": ((), (r"maze: Pillow plain [\d,]+ B", r"ours effort=best\s+[\d,]+ B",
                       r"per CPU-s\s+writer \d+\.\d\d s CPU / floor \d+\.\d\d s = \d+\.\d\dx",
                       r"mp4 320x180 preset=medium: 5 frames")),
    "bench_html": ((), (r"tremaux\.yaml\s+\d+\s+[\d,]+\s+[\d,]+\s+\d\.\d\d",
                        r"all\s+[\d,]+\s+[\d,]+\s+\d\.\d\d",
                        r"jumps to random frames: median \d+\.\d ms" if browser()
                        else r"jump: skipped")),
    "bench_life": ((), (r"64x64 torus B3/S23, 20 generations in \d+\.\d+ s = [\d,]+ M",
                        r"ratio visualizer / bgolly: \d+\.\d\dx" if shutil.which("bgolly")
                        else r"bgolly: not on PATH")),
    "bench_life_families": ((), (r"visualizer 345/2/4: 64x64 torus, 10 generations in "
                                 r"\d+\.\d+ s = [\d,]+ M cell-updates/s",
                                 r"B2n3/S23-q: .*(ratio \d+\.\d\dx|bgolly: not on PATH)",
                                 r"Wolfram rules: [\d,]+ cells/s \(goal 100,000,000: ",
                                 r"rule table LifeHistory \(transitions\): .* [\d,.]+ M "
                                 r"cell-updates/s; \d+\.\d\dx WireWorld's" if
                                 Path("/usr/share/golly/Rules/LifeHistory.rule").is_file()
                                 else r"rule table")),
    "bench_memory": ((), (r"\d+ frames, [\d,]+ bytes, \d+\.\d s, peak RSS \d+ MiB",)),
    "bench_render": ((), (r"render CPU, matplotlib / project: \d+\.\dx",
                          r"set-up share \(CPU before the first frame is written / whole "
                          r"render\): \d+\.\d%",
                          r"writer / floor: \d+\.\d\dx",
                          r"ours/gifsicle = \d\.\d{3}" if shutil.which("gifsicle")
                          else r"gifsicle not installed")),
    "bench_scale": ((), (r"backtracker\s+\d+\.\d\d s", r"is_perfect")),
    "bench_scenarios": (("gifsicle",), (r"tremaux\.yaml\s+\d+\s+[\d,]+\s+[\d,]+\s+\d\.\d{4}",
                                        r"total\s+[\d,]+\s+[\d,]+\s+\d\.\d{4}",
                                        r"of 2 GIFs (is )?larger than gifsicle -O3")),
    "bench_scrub": ((), (r"random jumps: median \d+\.\d ms", r"one step back: median")),
    "bench_solvers": ((), (r"bfs\s+\d+ events\s+stream\s+\d+\.\d+ s",
                           r"random_mouse.*panel\s+\d+\.\d+ s")),
    "fuzz_loader": ((), (r"5 examples per property: every document gave",)),
    "grid_texture": ((), (r"dead-end share / junction share / river",
                          r"backtracker\s+0\.\d{3} 0\.\d{3}\s+\d+\.\d\d")),
    "gif_identity": ((), (r"tremaux\s+[\d,]+\s+[\d,]+\s+\d+ frames\s+byte-identical",
                          r"; 0 differ")),
    "output_digests": ((), (r"[0-9a-f]{64}  tremaux\.yaml",
                            r"[0-9a-f]{64}  life_glider_projective\.yaml")),
    "scenes": ((), (r"maze: \d+x\d+ px, \d+ frames", r"life: \d+x\d+ px, \d+ frames")),
    "slide_coverage": ((), (r"tremaux\s+\d+\s+\d+\s+\d+\.\d%", r"median\s+\d+\.\d%")),
    "texture_solution_share": ((), (r"20x20, 3 mazes, carved from the entrance",
                                    r"corner to corner\s+\d+\.\d%")),
    "venue_estimate": ((), (r"tremaux(\s+[\d,.]+){9}",
                            r"ratio estimate/real: min \d\.\d\d, max \d\.\d\d")),
    "venue_report": ((), (r"for github: GIF 320x180, 25 fps",
                          r"tiny\.gif: [\d,]+ B \(cap 10,000,000\); delays >= 4 cs, loop "
                          r"block forever", r"for moodle: GIF")),
    "weave_figures": ((), (r"8x8, mean of 2 seeds, every maze perfect",
                           r"kruskal\s+yes(\s+\d+\.\d{3}){5}")),
    "writer_probe": ((), (r"\d+ frames written, \d+ changed rectangles",)),
}


def test_every_benchmark_script_is_run_here():
    assert sorted(p.stem for p in BENCHMARKS.glob("*.py")) == sorted(SCRIPTS)


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_quick_mode_runs_and_prints_its_figures(script):
    tools, figures = SCRIPTS[script]
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not on PATH")
    done = subprocess.run([sys.executable, str(BENCHMARKS / f"{script}.py"), "--quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"exit status {done.returncode}\n{done.stdout}\n{done.stderr}"
    for figure in figures:
        assert re.search(figure, done.stdout), f"no /{figure}/ in:\n{done.stdout}"
