"""Streaming H.264 MP4 writer through PyAV (libx264, yuv420p, +faststart).

The video has a constant frame rate: a frame lasting k/fps seconds is encoded k times
(x264 turns the repeats into nearly free skip frames). Constant-rate files with one
sample per 1/fps are what PowerPoint, Keynote and browsers play without surprises, and
ffprobe's frame count then equals duration x fps; variable-rate pts gaps would save
encoding time on long holds but are handled inconsistently by slide software.
"""
from __future__ import annotations

import ctypes
import math
import os
import struct
from fractions import Fraction
from typing import Any

import av
import numpy as np
from av.video.frame import VideoFrame

from . import FORMATS
from .base import Rect, Writer

PRESETS = ("ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
           "slower", "veryslow", "placebo")
DEFAULTS = {p.name: p.default for p in FORMATS["mp4"].options}
BT709 = 1   # ITU-T H.273 code for colour primaries, transfer and matrix
#: the style header the mov_text encoder must be given (one default style)
ASS_HEADER = ("[Script Info]\r\nScriptType: v4.00+\r\nPlayResX: 384\r\nPlayResY: 288\r\n\r\n"
              "[V4+ Styles]\r\nFormat: Name, Fontname, Fontsize, PrimaryColour, "
              "SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, "
              "StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, "
              "Alignment, MarginL, MarginR, MarginV, Encoding\r\nStyle: Default,Arial,16,"
              "&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0\r\n\r\n"
              "[Events]\r\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, "
              "MarginV, Effect, Text\r\n").encode("ascii")


def pin_mmap_threshold(limit: int = 128 * 1024) -> None:
    """Keep big buffers out of the heap (glibc only; elsewhere nothing happens).

    After a large block is freed, glibc raises its mmap threshold, so the next per-frame
    1080p buffers are carved from the heap between the pipeline's small Python objects;
    the heap then cannot shrink and resident memory grew by ~2 MB a frame (1.4 GB after
    1,200 frames). Pinning the threshold keeps a long render flat.
    """
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, limit)
    except (OSError, AttributeError):
        pass


_M_MMAP_THRESHOLD = -3


class Mp4Writer(Writer):
    """Writes an H.264 MP4; odd sizes are padded by one row/column of `background`.

    Options: `crf` (0..51, default 18: visually lossless for flat colours), `preset`
    (x264 speed/size trade-off, default "medium"), `subtitles` (a mov_text track whose
    cues are given with `cue(start, end, text)` before the file is closed), `lookahead`
    (x264 rc-lookahead in frames, default 10 instead of medium's 40: x264 buffers that
    many frames, and at 1080p 40 frames peaked at ~400 MiB resident against ~210 MiB
    for 10, for files within a few percent), `background` (palette index used for
    padding, default 1, the "background" slot). `loop` is ignored: MP4 files do not loop.
    """

    suffix = ".mp4"

    def __init__(self, path: str | os.PathLike, *, width: int, height: int, palette: Any,
                 fps: float = 25, loop: bool = True, crf: int = DEFAULTS["crf"],
                 preset: str = DEFAULTS["preset"], subtitles: bool = DEFAULTS["subtitles"],
                 lookahead: int = 10, background: int = 1) -> None:
        super().__init__(path, width=width, height=height, palette=palette, fps=fps, loop=loop)
        pin_mmap_threshold()
        if isinstance(crf, bool) or not isinstance(crf, (int, float)) or not 0 <= crf <= 51:
            raise ValueError(f"crf `{crf!r}` must be a number in 0..51 (lower = better)")
        if preset not in PRESETS:
            raise ValueError(f"preset `{preset!r}` must be one of {', '.join(PRESETS)}")
        if isinstance(lookahead, bool) or not isinstance(lookahead, int) \
                or not 0 <= lookahead <= 250:
            raise ValueError(f"lookahead `{lookahead!r}` must be an int in 0..250 (frames)")
        if not isinstance(background, (int, np.integer)) or \
                not 0 <= background < len(self.palette):
            raise ValueError(f"background `{background!r}` must be a palette index "
                             f"in 0..{len(self.palette) - 1}")
        self.out_width = self.width + self.width % 2
        self.out_height = self.height + self.height % 2
        self._background = np.uint8(background)
        self._argb = np.zeros((256, 4), dtype=np.uint8)
        self._argb[:, 0] = 255
        self._argb[:len(self.palette), 1:] = self.palette
        self._cues: list[tuple[int, int, str]] = []
        self._rate = self._fraction(self.fps)
        self._time = 0.0        # exact end time of the frames so far, in frame periods
        self.samples = 0        # video frames encoded (after repeating held frames)
        self._container = av.open(str(self._make_temp()), mode="w", format="mp4",
                                  options={"movflags": "+faststart"})
        try:
            stream = self._container.add_stream("libx264", rate=self._rate)
            stream.width, stream.height = self.out_width, self.out_height
            stream.pix_fmt = "yuv420p"
            stream.options = {"crf": str(crf), "preset": preset,
                              "rc-lookahead": str(lookahead)}
            ctx = stream.codec_context
            ctx.colorspace = ctx.color_primaries = ctx.color_trc = BT709
            ctx.color_range = 1   # MPEG (limited) range
            self._stream = stream
            self._text = self._text_stream() if subtitles else None
        except BaseException:
            self._container.close()
            self._remove_temp()
            raise

    def _text_stream(self) -> Any:
        """A mov_text subtitles track (English), its cues in milliseconds."""
        text = self._container.add_stream("mov_text")
        text.codec_context.subtitle_header = ASS_HEADER
        text.time_base = Fraction(1, 1000)
        text.metadata["language"] = "eng"
        text.metadata["handler_name"] = "Captions"
        return text

    def cue(self, start: float, end: float, text: str) -> None:
        """A subtitle shown from `start` to `end` seconds (only with `subtitles=True`,
        otherwise ignored); muxed when the file is finished. Returns None."""
        if self._text is not None and end > start:
            self._cues.append((round(start * 1000), round(end * 1000), text))

    @staticmethod
    def _fraction(fps: float) -> Fraction:
        """`fps` as a Fraction with a small denominator (29.97 -> 30000/1001)."""
        return Fraction(fps).limit_denominator(1001)

    def _video_frame(self, frame: np.ndarray) -> VideoFrame:
        """`frame` (palette indices) padded to even size, as a BT.709 yuv420p VideoFrame."""
        if (self.out_height, self.out_width) != frame.shape:
            frame = np.pad(frame, ((0, self.out_height - self.height),
                                   (0, self.out_width - self.width)),
                           constant_values=self._background)
        # PyAV's stub lists arrays only; for "pal8" it takes an (indices, ARGB palette) pair
        pal = VideoFrame.from_ndarray((np.ascontiguousarray(frame), self._argb),  # type: ignore[arg-type]
                                      format="pal8")
        return pal.reformat(format="yuv420p", dst_colorspace="ITU709",
                            dst_color_range="MPEG", dst_color_trc=BT709,
                            dst_color_primaries=BT709)

    def _write(self, frame: np.ndarray, duration: float, dirty: Rect | None) -> None:
        self._time += duration * self.fps
        repeats = math.floor(self._time + 0.5) - self.samples
        if self.samples == 0:
            repeats = max(repeats, 1)
        if repeats <= 0:
            return   # shorter than one frame period: dropped, its time carried on
        video = self._video_frame(frame)
        for _ in range(repeats):
            video.pts = self.samples
            self._container.mux(self._stream.encode(video))
            self.samples += 1

    def _finish(self) -> None:
        if self.samples == 0:
            raise ValueError(f"no frames written to `{self.path}`; write at least one frame")
        self._container.mux(self._stream.encode(None))
        track: Any = self._text
        for start, end, text in sorted(self._cues) if track is not None else ():
            data = text.encode("utf-8")[:65535]
            packet = av.Packet(struct.pack(">H", len(data)) + data)
            packet.stream = track
            packet.time_base = track.time_base
            packet.pts = packet.dts = start
            packet.duration = end - start
            self._container.mux(packet)
        self._container.close()

    def _discard(self) -> None:
        try:
            self._container.close()
        except Exception:   # an aborted encoder may fail to finish; the file is removed
            pass
