"""The gallery (`run.py --gallery DIR`): every scenario of a folder as a static site, built
again only where something changed; bad folders refused without deleting anything; a failed
scenario listed. Tiny scenarios, built in this process (the browser checks are in
test_gallery_browser.py)."""
from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path

import pytest

from visualizer import cli
from visualizer.gallery import Options, build
from visualizer.gallery import builder as build_module
from visualizer.gallery.record import MANIFEST, Manifest, Status

MAZE = """# yaml-language-server: $schema=schema.json
# A tiny {gen} maze. It is solved by BFS.
title: Tiny {gen}
seed: 1
steps_per_frame: 4
hold: 0.2
maze: {{rows: 4, cols: 5, cell_size: 6, wall: 2}}
generator: {gen}
solver: bfs
"""
LIFE = """# Three cells from a file turn on a torus.
title: A blinker from a file
seed: 2
fps: 10
hold: 0.2
cell_size: 6
life: {rows: 6, cols: 6, surface: torus, generations: 3,
       init: {file: blinker.cells, at: [2, 2]}}
"""
BROKEN = "# Not a lesson.\ntitle: broken\nmaze: {rows: ten}\n"


def lessons(folder: Path, broken: bool = False) -> Path:
    """A folder of tiny scenarios (two mazes, a Life grid reading a pattern file)."""
    folder.mkdir()
    (folder / "kruskal.yaml").write_text(MAZE.format(gen="kruskal"))
    (folder / "backtracker.yaml").write_text(MAZE.format(gen="backtracker"))
    (folder / "blinker.yaml").write_text(LIFE)
    (folder / "blinker.cells").write_text("!a blinker\nOOO\n")
    if broken:
        (folder / "broken.yaml").write_text(BROKEN)
    return folder


def make(source: Path, site: Path, **options) -> int:
    return build(source, site, partial(cli._load, out=None, over=cli.Overrides()),
                 Options(**options))


@pytest.fixture
def counted(monkeypatch):
    """The names of the lessons rendered (in this process)."""
    names: list[str] = []
    real = build_module.render_lesson

    def render(source, *args):
        names.append(Path(source).stem)
        return real(source, *args)

    monkeypatch.setattr(build_module, "render_lesson", render)
    return names


def links(page: Path) -> list[str]:
    """Every href and src of a page (relative to it), but the inline icon (`data:`)."""
    return [link for link in re.findall(r'(?:href|src)="([^"#]+)"', page.read_text())
            if not link.startswith("data:")]


def test_a_build_then_a_rebuild_renders_only_what_changed(tmp_path, counted, capsys):
    source, site = lessons(tmp_path / "src"), tmp_path / "site"
    assert make(source, site) == 0
    assert sorted(counted) == ["backtracker", "blinker", "kruskal"]
    manifest = Manifest.load(site)
    assert manifest is not None and set(manifest.lessons) == {"backtracker", "blinker",
                                                              "kruskal"}
    for name in ("kruskal", "blinker"):
        folder = site / "lessons" / name
        assert {p.suffix for p in folder.iterdir()} == {".html", ".gif", ".mp4", ".png",
                                                         ".yaml"}
    record = manifest.lessons["blinker"]
    assert record.line == "Three cells from a file turn on a torus."
    assert ["rule", "conway"] in record.tags and ["surface", "torus"] in record.tags
    assert sorted(manifest.files) == sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*")
        if p.is_file() and p.name != MANIFEST)
    counted.clear()
    assert make(source, site) == 0
    assert counted == []
    assert "3 lessons: 0 rendered, 3 unchanged" in capsys.readouterr().out
    (source / "kruskal.yaml").write_text(MAZE.format(gen="kruskal").replace("seed: 1", "seed: 5"))
    assert make(source, site) == 0 and counted == ["kruskal"]
    counted.clear()
    (source / "blinker.cells").write_text("!a blinker, upright\nO\nO\nO\n")
    assert make(source, site) == 0 and counted == ["blinker"]
    counted.clear()
    (source / "backtracker.yaml").unlink()     # its files go; the others stay as they were
    before = (site / "lessons" / "kruskal" / "kruskal.gif").stat().st_mtime_ns
    assert make(source, site) == 0 and counted == []
    assert not (site / "lessons" / "backtracker").exists()
    assert not (site / "tags" / "generator-backtracker.html").exists()
    assert (site / "lessons" / "kruskal" / "kruskal.gif").stat().st_mtime_ns == before


@pytest.mark.slow
def test_a_changed_tool_or_command_line_renders_every_lesson_again(tmp_path, counted,
                                                                    monkeypatch):
    from visualizer.gallery import digest

    source, site = lessons(tmp_path / "src"), tmp_path / "site"
    assert make(source, site) == 0
    counted.clear()
    assert make(source, site, key="--size 320x240") == 0 and len(counted) == 3
    counted.clear()
    monkeypatch.setattr(digest, "tool_digest", lambda: "another version")
    assert make(source, site, key="--size 320x240") == 0 and len(counted) == 3


def test_every_link_of_every_page_resolves(tmp_path):
    source, site = lessons(tmp_path / "src", broken=True), tmp_path / "site"
    assert make(source, site) == 1
    pages = list(site.rglob("*.html"))
    for page in pages:
        for link in links(page):
            assert (page.parent / link).resolve().is_file(), (page, link)
    index = (site / "index.html").read_text()
    for title in ("Tiny kruskal", "Tiny backtracker", "A blinker from a file"):
        assert title in index
    assert "A tiny kruskal maze." in index and "It is solved" not in index
    kruskal = (site / "tags" / "generator-kruskal.html").read_text()
    assert "Tiny kruskal" in kruskal and "Tiny backtracker" not in kruskal
    lesson = (site / "lessons" / "kruskal" / "index.html").read_text()
    assert 'class="vz-player"' in lesson and "generator: kruskal" in lesson


@pytest.mark.slow
def test_a_failed_scenario_is_listed_and_the_gallery_still_builds(tmp_path, capsys):
    source, site = lessons(tmp_path / "src", broken=True), tmp_path / "site"
    assert make(source, site) == 1
    out = capsys.readouterr().out
    assert "1 failed" in out and "broken: " in out and "maze.rows: expected" in out
    page = (site / "lessons" / "broken" / "index.html").read_text()
    assert "Not rendered" in page and "maze.rows: expected a whole number" in page
    assert "failed to render" in (site / "index.html").read_text()
    manifest = json.loads((site / MANIFEST).read_text())
    assert manifest["lessons"]["broken"]["status"] == Status.FAILED.value
    assert manifest["lessons"]["kruskal"]["status"] == Status.OK.value


def test_a_folder_with_files_the_gallery_did_not_write_is_refused(tmp_path, capsys):
    source, site = lessons(tmp_path / "src"), tmp_path / "site"
    site.mkdir()
    (site / "notes.txt").write_text("mine")
    (site / "deep").mkdir()
    (site / "deep" / "slides.pdf").write_text("mine too")
    assert make(source, site) == 2
    err = capsys.readouterr().err
    assert "holds 2 file(s) the gallery did not write" in err
    assert "notes.txt" in err and "deep/slides.pdf" in err
    assert sorted(p.name for p in site.rglob("*")) == ["deep", "notes.txt", "slides.pdf"]
    assert (site / "notes.txt").read_text() == "mine"


@pytest.mark.slow
def test_a_file_added_to_a_built_gallery_is_refused_and_kept(tmp_path, counted, capsys):
    source, site = lessons(tmp_path / "src"), tmp_path / "site"
    assert make(source, site) == 0
    (site / "lessons" / "kruskal" / "my_notes.md").write_text("keep me")
    counted.clear()
    assert make(source, site) == 2 and counted == []
    assert "lessons/kruskal/my_notes.md" in capsys.readouterr().err
    assert (site / "lessons" / "kruskal" / "my_notes.md").read_text() == "keep me"


def test_a_folder_that_cannot_be_made_or_a_missing_source_is_refused(tmp_path, capsys):
    source = lessons(tmp_path / "src")
    (tmp_path / "file").write_text("")
    assert make(source, tmp_path / "file" / "site") == 2
    assert "cannot create the folder" in capsys.readouterr().err
    assert make(tmp_path / "empty_nothing", tmp_path / "site") == 2
    assert "no scenario files" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_the_command_line(tmp_path, capsys):
    source = lessons(tmp_path / "src")
    assert cli.main([str(source / "kruskal.yaml"), "--gallery", str(tmp_path / "x")]) == 2
    assert "renders a folder" in capsys.readouterr().err
    (source / "backtracker.yaml").unlink()
    (source / "blinker.yaml").unlink()
    assert cli.main([str(source), "--gallery", str(tmp_path / "site")]) == 0
    assert (tmp_path / "site" / "lessons" / "kruskal" / "kruskal.gif").is_file()


ASKED = """# Stop and predict.
title: Asked
seed: 3
steps_per_frame: 2
hold: 0.5
maze: {rows: 4, cols: 5, cell_size: 10, wall: 2}
generator: kruskal
questions: [{kind: merge_or_reject, auto: 1}]
"""


@pytest.mark.slow
def test_variants_show_as_one_lesson_with_its_answer_key(tmp_path, counted):
    source, site = tmp_path / "src", tmp_path / "site"
    source.mkdir()
    (source / "asked.yaml").write_text(ASKED)
    (source / "plain.yaml").write_text(MAZE.format(gen="prim"))
    assert make(source, site, variants=2) == 0
    page = site / "lessons" / "asked" / "index.html"
    text = page.read_text()
    assert "student 1" in text and "student 2" in text and "the answer key (CSV)" in text
    for link in links(page):
        assert (page.parent / link).resolve().is_file(), link
    key = site / "lessons" / "asked" / "variants" / "asked_answers.csv"
    assert key.read_text().startswith("student,seed,question")
    plain = (site / "lessons" / "plain" / "index.html").read_text()
    assert "student 2" in plain and "answer key" not in plain
    counted.clear()
    assert make(source, site, variants=2) == 0 and counted == []
    assert make(source, site, variants=3) == 0 and sorted(counted) == ["asked", "plain"]
    assert (site / "lessons" / "asked" / "variants" / "asked_student3.html").is_file() or \
        (site / "lessons" / "asked" / "variants" / "asked_student03.html").is_file()
    assert make(source, site) == 0
    assert not (site / "lessons" / "asked" / "variants").exists()


@pytest.mark.slow
def test_a_build_stopped_by_ctrl_c_is_finished_by_the_next(tmp_path, monkeypatch):
    source, site = lessons(tmp_path / "src"), tmp_path / "site"
    real = build_module.render_lesson
    done: list[str] = []

    def stopped(source, *args):
        if done:
            raise KeyboardInterrupt
        done.append(source)
        return real(source, *args)

    monkeypatch.setattr(build_module, "render_lesson", stopped)
    with pytest.raises(KeyboardInterrupt):
        make(source, site)
    assert any((site / "lessons").rglob("*.gif"))     # the first lesson's files are there
    monkeypatch.setattr(build_module, "render_lesson", real)
    assert make(source, site) == 0
    manifest = Manifest.load(site)
    assert manifest is not None and manifest.pending == []
    assert sorted(manifest.lessons) == ["backtracker", "blinker", "kruskal"]


def test_a_students_changed_code_renders_its_lesson_again(tmp_path, counted):
    from tiers import SCENARIOS

    source, site = tmp_path / "src", tmp_path / "site"
    source.mkdir()
    student = (SCENARIOS / "own_code" / "student_backtracker.py").read_text()
    (source / "student.py").write_text(student)
    (source / "own.yaml").write_text(
        "seed: 4\nsteps_per_frame: 8\nmaze: {rows: 4, cols: 5}\n"
        "generator: {code: student.py, function: my_backtracker}\n")
    load = partial(cli._load, out=None, over=cli.Overrides(allow_code=True))
    assert build(source, site, load) == 0 and counted == ["own"]
    counted.clear()
    assert build(source, site, load) == 0 and counted == []
    (source / "student.py").write_text(student + "\n# a comment changes the file\n")
    assert build(source, site, load) == 0 and counted == ["own"]


def test_ctrl_c_on_the_command_line_says_the_built_lessons_are_kept(tmp_path, monkeypatch,
                                                                      capsys):
    source = lessons(tmp_path / "src")

    def stopped(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_module, "render_lesson", stopped)
    assert cli.main([str(source), "--gallery", str(tmp_path / "site")]) == cli.EXIT_INTERRUPTED
    error = capsys.readouterr().err
    assert "the lessons built so far are kept" in error
    assert "no output file was written" not in error
