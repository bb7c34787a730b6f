"""Where an animation will be shown: one frozen record per venue (`--for VENUE`, `for:` in a
scenario, `viz.render(..., venue=...)`).

Each venue has traps that silently ruin an animation (a GIF delay under 2/100 s played at
10/100 s, a GIF without its loop block playing once, an MP4 in yuv444p that PowerPoint
cannot play, a file over an upload limit, a script stripped or never run). A record says
what the venue gets and why: the file format, the canvas size, the frame rate, whether it
loops, the codec, the byte cap, whether it needs JavaScript, the files written beside it,
and the reason for each choice. A new venue is one record in `VENUES`.

Pure data: validation (`schema/top_level.py`), the size estimate and the shrinking
(`visualizer/venue_fit.py`) and the files beside the output (`export/venue_files.py`)
read these records.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..events import _Word

MB = 1_000_000


class Venue(_Word):
    """Where an animation is shown."""

    GITHUB = "github"
    POWERPOINT = "powerpoint"
    KEYNOTE = "keynote"
    GOOGLE_SLIDES = "google-slides"
    REVEAL = "reveal"
    CANVAS = "canvas"
    MOODLE = "moodle"
    NOTEBOOK = "notebook"
    PRINT = "print"


class Extra(_Word):
    """A file a venue writes beside its output (`export/venue_files.py`)."""

    MARKDOWN = "markdown"      # a Markdown snippet with the alt text (also printed)
    SECTION = "section"        # a reveal.js <section> that shows the player
    PAGE = "page"              # a page without script: the GIF, its description, transcript
    NOTEBOOK = "notebook"      # an .ipynb whose output is the GIF as an image
    STORYBOARD = "storyboard"  # key frames side by side as one PNG


@dataclass(frozen=True)
class VenueRecord:
    """What one venue gets, and why.

    `format` is the output's format (a name in `export.FORMATS`); `size` the canvas
    (width, height); `fps` the frame rate (for a GIF a rate whose delays are whole
    1/100 s of at least 2); `loop` whether the file loops (the GIF's NETSCAPE block; MP4
    has none: the slide software's own "loop until stopped"); `codec` the video codec and
    its settings (None: not a video); `cap` the largest output in bytes (None: no limit of
    the venue's own); `needs_js` whether the output relies on JavaScript running;
    `subtitles` whether an MP4 carries a subtitles track; `extras` the files written
    beside it; `floor_fps` and `floor_size` how far the byte cap may lower the frame rate
    and the canvas (the lesson stays readable above them). `why` gives the reason for
    each choice, by field name; `reason` is the one-line reason printed with the choice.
    """

    venue: Venue
    format: str
    size: tuple[int, int]
    fps: int
    loop: bool
    codec: str | None
    cap: int | None
    needs_js: bool
    reason: str
    why: tuple[tuple[str, str], ...]
    subtitles: bool = False
    extras: tuple[Extra, ...] = ()
    floor_fps: int = 10
    floor_size: tuple[int, int] = (640, 360)

    def because(self, field: str) -> str:
        """The reason for the choice of `field` (KeyError if the record gives none)."""
        return dict(self.why)[field]

    def line(self, *, size: tuple[int, int] | None = None, fps: int | None = None) -> str:
        """The one line a run prints: what was chosen (at `size` and `fps` when the byte
        cap changed them) and why."""
        w, h = size or self.size
        rate = fps or self.fps
        parts = [f"{self.format.upper()} {w}x{h}"]
        if self.format in ("gif", "mp4", "html"):
            parts.append(f"{rate} fps" + (f" (delays {100 // rate}/100 s)"
                                          if self.format == "gif" else ""))
        if self.codec:
            parts.append(self.codec)
        if self.format == "gif":
            parts.append("loops" if self.loop else "plays once")
        if self.subtitles:
            parts.append("subtitles")
        parts.append(f"at most {self.cap / MB:g} MB" if self.cap else "no size cap")
        parts.append("needs JavaScript" if self.needs_js else "no JavaScript")
        parts += [f"+ {extra}" for extra in self.extras]
        return f"for {self.venue}: {', '.join(parts)} — {self.reason}"


H264 = "H.264 yuv420p, even sides, +faststart"
GIF_DELAYS = ("fps", "25 fps: delays of 4/100 s, whole hundredths of at least 2 (browsers "
                     "play 1/100 s and 0 as 10/100 s)")
GIF_LOOP = ("loop", "a GIF without its NETSCAPE loop block plays once and stops")
NO_JS_GIF = ("needs_js", "a GIF plays wherever an image shows, with no script")

#: every venue, by name
VENUES: dict[Venue, VenueRecord] = {r.venue: r for r in (
    VenueRecord(
        Venue.GITHUB, "gif", (864, 486), 25, True, None, 10 * MB, False,
        "GitHub shows images up to 10 MB and strips <video> and <script> from READMEs",
        (("format", "a README shows images; <video> and <script> are stripped"),
         ("size", "864 pixels fit the 880-pixel README column without scaling, so cells "
                  "stay sharp"),
         GIF_DELAYS, GIF_LOOP,
         ("cap", "GitHub's image proxy refuses images over 10 MB"), NO_JS_GIF),
        extras=(Extra.MARKDOWN,)),
    VenueRecord(
        Venue.POWERPOINT, "mp4", (1920, 1080), 25, False, H264, None, False,
        "PowerPoint plays H.264 in yuv420p with even sides and embeds the whole file",
        (("format", "PowerPoint plays MP4 (H.264) natively on Windows and Mac"),
         ("size", "a full-screen 16:9 slide"),
         ("fps", "25 fps: constant frame rate, one sample per 1/25 s"),
         ("loop", "MP4 has no loop flag: tick Playback > Loop until Stopped"),
         ("codec", "ffmpeg's default for RGB is yuv444p, which PowerPoint cannot play; "
                   "+faststart puts the index first so playback starts at once"),
         ("cap", "no limit of its own; the deck embeds the file"),
         ("needs_js", "a video plays without script"),
         ("subtitles", "Insert Captions reads the mov_text track's milestones and captions")),
        subtitles=True),
    VenueRecord(
        Venue.KEYNOTE, "mp4", (1920, 1080), 25, False, H264, None, False,
        "Keynote and QuickTime play H.264 only in yuv420p with even sides",
        (("format", "Keynote plays MP4 (H.264) through QuickTime"),
         ("size", "a full-screen 16:9 slide"),
         ("fps", "25 fps: constant frame rate, one sample per 1/25 s"),
         ("loop", "MP4 has no loop flag: Movie > Repeat > Loop in Keynote"),
         ("codec", "QuickTime refuses yuv444p and odd sides; +faststart for instant start"),
         ("cap", "no limit of its own"),
         ("needs_js", "a video plays without script"),
         ("subtitles", "QuickTime shows the mov_text track")),
        subtitles=True),
    VenueRecord(
        Venue.GOOGLE_SLIDES, "gif", (960, 540), 25, True, None, 50 * MB, False,
        "Google Slides takes images up to 50 MB and plays only Drive or YouTube videos",
        (("format", "an inserted GIF plays in the slide; a video must live on Drive"),
         ("size", "half of 1080p, the slide's own 16:9 shape"),
         GIF_DELAYS, GIF_LOOP,
         ("cap", "Slides refuses images over 50 MB"), NO_JS_GIF)),
    VenueRecord(
        Venue.REVEAL, "html", (960, 540), 25, True, None, None, True,
        "reveal.js restarts a GIF background when its slide opens; the player pauses when "
        "its slide is left",
        (("format", "the player steps, scrubs and pauses, which a GIF cannot"),
         ("size", "a 16:9 deck at reveal.js's 960-pixel width"),
         ("fps", "25 fps"),
         ("loop", "the player's loop box starts ticked"),
         ("cap", "served from the deck's folder: no upload limit"),
         ("needs_js", "the player is a script; reveal.js decks run scripts")),
        extras=(Extra.SECTION,)),
    VenueRecord(
        Venue.CANVAS, "gif", (960, 540), 25, True, None, None, False,
        "Canvas does not run JavaScript in uploaded HTML files, so the GIF and a page "
        "without script",
        (("format", "a GIF plays in a Canvas page; the player's script would not run"),
         ("size", "the page's content column at 16:9"),
         GIF_DELAYS, GIF_LOOP,
         ("cap", "Canvas limits the course's quota, not a file"),
         ("needs_js", "uploaded HTML runs no script: the page is plain HTML")),
        extras=(Extra.PAGE,)),
    VenueRecord(
        Venue.MOODLE, "gif", (960, 540), 25, True, None, 2 * MB, False,
        "a Moodle site's upload limit is often PHP's default of 2 MB",
        (("format", "a GIF plays in any Moodle page or label"),
         ("size", "the page's content column at 16:9"),
         GIF_DELAYS, GIF_LOOP,
         ("cap", "PHP's default upload_max_filesize is 2 MB"),
         ("needs_js", "no script: Moodle may filter it")),
        extras=(Extra.PAGE,), floor_fps=5, floor_size=(480, 270)),
    VenueRecord(
        Venue.NOTEBOOK, "gif", (800, 450), 25, True, None, 7_500_000, False,
        "GitHub's notebook view strips <script> and <video>: the GIF is embedded as an "
        "image output",
        (("format", "an image/gif output survives GitHub's notebook view and nbviewer"),
         ("size", "the notebook's output column"),
         GIF_DELAYS, GIF_LOOP,
         ("cap", "base64 costs 4/3: a 7.5 MB GIF keeps the notebook under 10 MB"),
         NO_JS_GIF),
        extras=(Extra.NOTEBOOK,)),
    VenueRecord(
        Venue.PRINT, "pdf", (1280, 720), 5, False, None, None, False,
        "paper does not move: key frames as a PNG storyboard and a PDF handout with the "
        "transcript",
        (("format", "a PDF handout: key frames and the transcript, as text"),
         ("size", "720p frames stay sharp at A4 width"),
         ("fps", "5 fps: the handout shows eight frames, so fewer are drawn to pick them"),
         ("loop", "paper does not loop"),
         ("cap", "printed, not uploaded"),
         ("needs_js", "paper runs no script")),
        extras=(Extra.STORYBOARD,)),
)}

VENUE_NAMES = tuple(str(v) for v in Venue)


__all__ = ["MB", "VENUES", "VENUE_NAMES", "Extra", "Venue", "VenueRecord"]
