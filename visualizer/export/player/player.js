/* visualizer's HTML player: plays the frames stored beside it (see export/html.py).
   visualizerPlayer(uid, here) sets up the first not yet started player whose data-vz is
   uid, looking among the siblings of `here` (the calling script) or else in the document.
   Several players on a page are independent; keys act on the focused player only. */
function visualizerPlayer(uid, here) {
  "use strict";
  var scope = (here && here.parentNode) || document;
  var sel = function (attr) { return scope.querySelector("script[" + attr + "=\"" + uid + "\"]"); };
  var roots = scope.querySelectorAll("div.vz-player[data-vz=\"" + uid + "\"]");
  var root = null;
  for (var r = 0; r < roots.length; r++) { if (!roots[r].dataset.vzState) { root = roots[r]; break; } }
  if (!root) return;
  root.dataset.vzState = "loading";
  var meta = JSON.parse(sel("data-vz-meta").textContent);
  var W = meta.width, H = meta.height, N = meta.delays.length, delays = meta.delays;

  function el(tag, cls, parent, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  // -- the page parts ---------------------------------------------------------------
  var canvas = el("canvas", "vz-canvas", root);
  canvas.width = W; canvas.height = H;
  var ctx = canvas.getContext("2d");
  var bar = el("div", "vz-bar", root);
  if (!meta.controls) bar.style.display = "none";
  function button(label, title, action) {
    var b = el("button", "vz-btn", bar, label);
    b.type = "button"; b.title = title; b.setAttribute("aria-label", title);
    b.addEventListener("click", function (e) { e.stopPropagation(); action(); root.focus(); });
    return b;
  }
  var track = el("div", "vz-track", root);
  if (!meta.controls) track.style.display = "none";
  track.setAttribute("role", "slider");
  track.setAttribute("aria-label", "frame");
  track.setAttribute("aria-valuemin", "0");
  track.setAttribute("aria-valuemax", String(N - 1));
  var fill = el("div", "vz-fill", track);
  var thumb = el("div", "vz-thumb", track);
  var status = el("div", "vz-status", root);
  if (!meta.controls) status.style.display = "none";

  var marks = meta.marks.map(function (m) { return m[0]; });
  var bFirst = button("|\u25c0\u25c0", "first frame (Home)", function () { stop(); seek(0); });
  var bPrevM = button("\u25c6\u25c0", "previous milestone (p)", function () { stop(); seek(prevMark()); });
  var bBack = button("\u25c0|", "one frame back (\u2190)", function () { stop(); seek(cur - 1); });
  var bPlay = button("\u25b6", "play / pause (space)", function () { toggle(); });
  var bFwd = button("|\u25b6", "one frame forward (\u2192)", function () { stop(); seek(cur + 1); });
  var bNextM = button("\u25b6\u25c6", "next milestone (n)", function () { stop(); seek(nextMark()); });
  var bLast = button("\u25b6\u25b6|", "last frame (End)", function () { stop(); seek(N - 1); });
  bPlay.classList.add("vz-play");
  var speedBox = el("select", "vz-speed", bar);
  speedBox.title = "speed";
  [0.25, 0.5, 1, 2, 4, 8].forEach(function (s) {
    var o = el("option", null, speedBox, s + "\u00d7"); o.value = String(s);
    if (s === meta.speed) o.selected = true;
  });
  speedBox.addEventListener("change", function () { speed = parseFloat(speedBox.value); if (playing) { due = performance.now(); schedule(); } });
  var loopLabel = el("label", "vz-loop", bar);
  var loopBox = el("input", null, loopLabel);
  loopBox.type = "checkbox"; loopBox.checked = !!meta.loop;
  loopLabel.appendChild(document.createTextNode(" loop"));
  var counter = el("span", "vz-counter", bar);
  marks.forEach(function (f, k) {
    var m = el("button", "vz-mark", track);
    m.type = "button";
    m.style.left = (N > 1 ? 100 * f / (N - 1) : 0) + "%";
    m.title = "frame " + f + ": " + meta.marks[k][1];
    m.setAttribute("aria-label", m.title);
    m.dataset.frame = String(f);
    m.addEventListener("pointerdown", function (e) { e.stopPropagation(); });
    m.addEventListener("click", function (e) { e.stopPropagation(); stop(); seek(f); root.focus(); });
  });
  [bFirst, bPrevM, bBack, bFwd, bNextM, bLast].forEach(function (b) { b.disabled = true; });

  // -- scaling ------------------------------------------------------------------------
  function fit() {
    if (meta.fit === "none") { canvas.style.width = W + "px"; return; }
    if (meta.fit === "whole") {
      var z = Math.max(1, Math.floor(root.clientWidth / W));
      canvas.style.width = (W * z) + "px"; return;
    }
    canvas.style.width = "100%";
  }
  fit();
  if (meta.fit === "whole" && window.ResizeObserver) new ResizeObserver(fit).observe(root);

  // -- the frames -------------------------------------------------------------------------
  var data = null, offs = null, snaps = [], snapAt = [];
  var idx = new Uint8Array(W * H);
  var image = ctx.createImageData(W, H);
  var rgba = new Uint32Array(image.data.buffer);
  var pal = new Uint32Array(256);
  for (var p = 0; p * 6 < meta.palette.length; p++) {
    var hex = meta.palette.substr(p * 6, 6);
    var rr = parseInt(hex.substr(0, 2), 16), gg = parseInt(hex.substr(2, 2), 16), bb = parseInt(hex.substr(4, 2), 16);
    pal[p] = ((255 << 24) | (bb << 16) | (gg << 8) | rr) >>> 0;
  }
  var cur = -1, playing = false, speed = meta.speed || 1, timer = null, due = 0;

  function u16(o) { return data[o] | (data[o + 1] << 8); }
  /* XOR frame f's changes into idx (the same call undoes them) and repaint the changed
     pixels in rgba; returns the rectangles' boxes for putImageData. */
  function apply(f) {
    var d = data, ix = idx, px = rgba, lut = pal;
    var o = offs[f], n = d[o] | (d[o + 1] << 8), boxes = [];
    o += 2;
    for (var k = 0; k < n; k++) {
      var y = d[o] | (d[o + 1] << 8), x = d[o + 2] | (d[o + 3] << 8);
      var h = d[o + 4] | (d[o + 5] << 8), w = d[o + 6] | (d[o + 7] << 8);
      o += 8;
      for (var row = 0; row < h; row++) {
        var q = (y + row) * W + x, end = o + w;
        for (; o < end; o++, q++) {
          var v = d[o];
          if (v !== 0) { var now = ix[q] ^ v; ix[q] = now; px[q] = lut[now]; }
        }
      }
      boxes.push([x, y, w, h]);
    }
    return boxes;
  }
  function paintBoxes(boxes) {
    for (var k = 0; k < boxes.length; k++) {
      var b = boxes[k];
      ctx.putImageData(image, 0, 0, b[0], b[1], b[2], b[3]);
    }
  }
  function bytes(a, b) { return offs[b] - offs[a]; }   // changes of frames a..b-1

  function prepare(buf) {
    data = buf; offs = new Uint32Array(N + 1);
    var o = 0;
    for (var f = 0; f < N; f++) {
      offs[f] = o;
      var n = u16(o); o += 2;
      for (var k = 0; k < n; k++) { o += 8 + u16(o + 4) * u16(o + 6); }
    }
    offs[N] = o;
    /* snapshots of the picture (indices and colours, 5 bytes a pixel), one budget of
       changed bytes apart: at most about 320 MiB of them, at least 64 KiB of changes apart */
    var maxSnaps = Math.max(2, Math.floor((320 << 20) / (5 * W * H)));
    var budget = Math.max(1 << 16, Math.ceil(o / (maxSnaps - 1)));
    var since = 0, last = 0;
    rgba.fill(pal[0]);
    for (var g = 0; g < N; g++) {
      apply(g);
      since += bytes(g, g + 1);
      if (g === 0 || (snaps.length < maxSnaps && (since >= budget || g - last >= 1024))) {
        snaps.push([idx.slice(), rgba.slice()]); snapAt.push(g); since = 0; last = g;
      }
    }
    cur = N - 1;
    root.dataset.snapshots = String(snaps.length);
  }

  function seek(target) {
    if (!data) return;
    target = Math.max(0, Math.min(N - 1, target | 0));
    if (target !== cur) {
      /* the cheapest way there, in bytes of changes applied: from the picture shown, from
         the snapshot before target (forward), or from the one after it (undoing frames) */
      var lo = 0, hi = snapAt.length - 1;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (snapAt[mid] <= target) lo = mid; else hi = mid - 1; }
      var s = snapAt[lo], after = lo + 1 < snapAt.length ? snapAt[lo + 1] : -1;
      var restore = W * H;                       // copying a snapshot: 5 bytes a pixel
      var stepping = target > cur ? bytes(cur + 1, target + 1) : bytes(target + 1, cur + 1);
      var fromBefore = restore + bytes(s + 1, target + 1);
      var fromAfter = after >= 0 ? restore + bytes(target + 1, after + 1) : Infinity;
      if (Math.abs(target - cur) === 1) {
        paintBoxes(apply(target > cur ? target : cur));
      } else if (stepping <= fromBefore && stepping <= fromAfter) {
        if (target > cur) { for (var f = cur + 1; f <= target; f++) apply(f); }
        else { for (var g = cur; g > target; g--) apply(g); }
        ctx.putImageData(image, 0, 0);
      } else if (fromBefore <= fromAfter) {
        idx.set(snaps[lo][0]); rgba.set(snaps[lo][1]);
        for (var h = s + 1; h <= target; h++) apply(h);
        ctx.putImageData(image, 0, 0);
      } else {
        idx.set(snaps[lo + 1][0]); rgba.set(snaps[lo + 1][1]);
        for (var b = after; b > target; b--) apply(b);
        ctx.putImageData(image, 0, 0);
      }
      cur = target;
    }
    show();
  }
  function label(f) {
    for (var k = 0; k < marks.length; k++) if (marks[k] === f) return meta.marks[k][1];
    return "";
  }
  function show() {
    root.dataset.frame = String(cur);
    var frac = N > 1 ? cur / (N - 1) : 0;
    fill.style.width = (100 * frac) + "%";
    thumb.style.left = (100 * frac) + "%";
    track.setAttribute("aria-valuenow", String(cur));
    counter.textContent = "frame " + (cur + 1) + " / " + N;
    var said = label(cur);
    var before = prevMarkFrom(cur + 1);
    status.textContent = said ? "\u25c6 " + said : (before >= 0 && before < cur ? "after: " + label(before) : "");
    bPlay.textContent = playing ? "| |" : "\u25b6";
    root.dataset.playing = playing ? "1" : "0";
  }
  function nextMark() { for (var k = 0; k < marks.length; k++) if (marks[k] > cur) return marks[k]; return N - 1; }
  function prevMarkFrom(f) { for (var k = marks.length - 1; k >= 0; k--) if (marks[k] < f) return marks[k]; return -1; }
  function prevMark() { var m = prevMarkFrom(cur); return m < 0 ? 0 : m; }

  // -- playing ------------------------------------------------------------------------
  function schedule() {
    clearTimeout(timer);
    due += delays[cur] * 10 / speed;
    var now = performance.now();
    if (due < now - 250) due = now;            // fell far behind (hidden tab): no burst
    timer = setTimeout(tick, Math.max(0, due - now));
  }
  var visible = true;           // off screen (another slide, scrolled away): no ticking
  if (window.IntersectionObserver) {
    new IntersectionObserver(function (seen) {
      visible = seen[seen.length - 1].isIntersecting;
      if (visible && playing) { due = performance.now(); schedule(); }
    }).observe(root);
  }
  function tick() {
    if (!playing) return;
    if (!visible) return;       // resumed by the observer
    if (cur >= N - 1) {
      if (!loopBox.checked) { stop(); return; }
      seek(0);
    } else {
      seek(cur + 1);
    }
    schedule();
  }
  function play() {
    if (playing || !data) return;
    if (cur >= N - 1 && !loopBox.checked) seek(0);
    playing = true; due = performance.now(); schedule(); show();
  }
  function stop() { playing = false; clearTimeout(timer); show(); }
  function toggle() { if (playing) stop(); else play(); }

  // -- input ----------------------------------------------------------------------------
  root.addEventListener("keydown", function (e) {
    var act = {" ": toggle, "ArrowRight": function () { stop(); seek(cur + 1); },
      "ArrowLeft": function () { stop(); seek(cur - 1); }, "Home": function () { stop(); seek(0); },
      "End": function () { stop(); seek(N - 1); }, "n": function () { stop(); seek(nextMark()); },
      "p": function () { stop(); seek(prevMark()); }}[e.key];
    if (!act || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault(); e.stopPropagation();
    act();
  });
  canvas.addEventListener("click", function () { root.focus(); toggle(); });
  function scrub(e) {
    var box = track.getBoundingClientRect();
    var frac = Math.max(0, Math.min(1, (e.clientX - box.left) / Math.max(1, box.width)));
    seek(Math.round(frac * (N - 1)));
  }
  track.addEventListener("pointerdown", function (e) {
    stop(); root.focus(); track.setPointerCapture(e.pointerId); scrub(e);
    var move = function (m) { scrub(m); };
    var up = function () { track.removeEventListener("pointermove", move); track.removeEventListener("pointerup", up); };
    track.addEventListener("pointermove", move); track.addEventListener("pointerup", up);
  });

  // -- loading --------------------------------------------------------------------------
  function fail(why) { root.dataset.vzState = "failed"; status.textContent = "cannot play: " + why; }
  if (typeof DecompressionStream === "undefined") { fail("this browser has no DecompressionStream"); return; }
  var text = sel("data-vz-data").textContent.replace(/\s+/g, "");
  var raw = atob(text), packed = new Uint8Array(raw.length);
  for (var i = 0; i < raw.length; i++) packed[i] = raw.charCodeAt(i);
  var stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  new Response(stream).arrayBuffer().then(function (buf) {
    prepare(new Uint8Array(buf));
    [bFirst, bPrevM, bBack, bFwd, bNextM, bLast].forEach(function (b) { b.disabled = false; });
    idx.set(snaps[0][0]); rgba.set(snaps[0][1]); cur = 0; ctx.putImageData(image, 0, 0);
    show();
    root.dataset.vzState = "ready";
    root.vzSeek = seek;
    if (meta.autoplay) play();
  }, function (err) { fail(String(err)); });
}
