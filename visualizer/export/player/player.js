/* visualizer's HTML player: plays the frames stored beside it (see export/html.py).
   visualizerPlayer(uid, here) sets up the first not yet started player whose data-vz is
   uid, looking among the siblings of `here` (the calling script) or else in the document.
   Several players on a page are independent; keys act on the focused player only.
   With questions (meta.questions) and meta.questions_as "ask", playing into a question's
   held frames stops at its moment instead and asks it (see "questions" below). */
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
  var stage = el("div", "vz-stage", root);
  var canvas = el("canvas", "vz-canvas", stage);
  canvas.width = W; canvas.height = H;
  /* the picture's text alternative: the player's name, and the lesson in words (the page's
     data-vz-about paragraph, for screen readers) */
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", root.getAttribute("aria-label") || "animation");
  var about = root.querySelector("[data-vz-about]");
  if (about) {
    about.id = uid + "-" + r + "-about";
    canvas.setAttribute("aria-describedby", about.id);
  }
  /* what a screen reader is told: milestones reached, questions asked, their feedback */
  var live = el("div", "vz-sr vz-live", root);
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  var told = "";
  function announce(text) { if (text && text !== told) { told = text; live.textContent = text; } }
  var ctx = canvas.getContext("2d");
  var qs = meta.questions || [];
  var asking = meta.questions_as !== "cards" && qs.length > 0;
  var quiz = asking ? el("div", "vz-quiz", root) : null;
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
  var bFirst = button("|\u25c0\u25c0", "first frame (Home)", function () { jump(0); });
  var bPrevM = button("\u25c6\u25c0", "previous milestone (p)", function () { jump(prevMark()); });
  var bBack = button("\u25c0|", "one frame back (\u2190)", function () { stepBack(); });
  var bPlay = button("\u25b6", "play / pause (space)", function () { toggle(); });
  var bFwd = button("|\u25b6", "one frame forward (\u2192)", function () { stepForward(); });
  var bNextM = button("\u25b6\u25c6", "next milestone (n)", function () { jump(nextMark()); });
  var bLast = button("\u25b6\u25b6|", "last frame (End)", function () { jump(N - 1); });
  bPlay.classList.add("vz-play");
  var speedBox = el("select", "vz-speed", bar);
  speedBox.title = "speed";
  speedBox.setAttribute("aria-label", "speed");
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
    m.addEventListener("click", function (e) { e.stopPropagation(); jump(f); root.focus(); });
  });
  [bFirst, bPrevM, bBack, bFwd, bNextM, bLast].forEach(function (b) { b.disabled = true; });

  // -- scaling ------------------------------------------------------------------------
  function fit() {
    canvas.style.width = "100%";
    if (meta.fit === "none") { stage.style.width = W + "px"; return; }
    if (meta.fit === "whole") {
      var z = Math.max(1, Math.floor(root.clientWidth / W));
      stage.style.width = (W * z) + "px"; return;
    }
    stage.style.width = "100%";
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
    track.setAttribute("aria-valuetext", "frame " + (cur + 1) + " of " + N);
    counter.textContent = "frame " + (cur + 1) + " / " + N;
    var said = label(cur);
    var before = prevMarkFrom(cur + 1);
    status.textContent = said ? "\u25c6 " + said : (before >= 0 && before < cur ? "after: " + label(before) : "");
    if (said) announce("Milestone, frame " + (cur + 1) + " of " + N + ": " + said);
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
  /* in a reveal.js deck (its "slidechanged" event bubbles to the document): pause when the
     player's slide is left, play again on return if it started by itself */
  document.addEventListener("slidechanged", function (e) {
    var slide = e.currentSlide;
    if (!slide || !slide.contains) return;
    if (!slide.contains(root)) { if (playing) stop(); }
    else if (meta.autoplay && !playing) play();
  });
  function tick() {
    if (!playing) return;
    if (!visible) return;       // resumed by the observer
    var next = forward(cur);
    if (next.ask >= 0) { ask(next.ask); return; }
    if (next.frame > N - 1) {
      if (!loopBox.checked) { stop(); return; }
      seek(0);
    } else {
      seek(next.frame);
    }
    schedule();
  }
  function play() {
    if (playing || !data) return;
    if (phase === "ask") return;                 // answer or skip first
    if (phase === "told") { carryOn(); return; }
    if (forward(cur).frame > N - 1 && !loopBox.checked) seek(0);
    playing = true; due = performance.now(); schedule(); show();
  }
  function stop() { playing = false; clearTimeout(timer); show(); }
  function toggle() { if (playing) stop(); else play(); }
  /* the student moves: a question being asked is left unasked (playing into it later asks
     it again), the feedback of one answered is put away */
  function jump(f) { leave(); stop(); seek(f); }
  function stepForward() {
    leave(); stop();
    var next = forward(cur);
    if (next.ask >= 0) ask(next.ask); else seek(Math.min(N - 1, next.frame));
  }
  function stepBack() { leave(); stop(); seek(Math.max(0, backward(cur))); }

  // -- questions (stop and predict) ----------------------------------------------------------
  /* Each question q holds frames q.card .. q.answer (card, countdown, answer) after its
     moment q.moment. When asking, a step forward never shows a card or countdown: one that
     reaches an unasked question's frames stops at its moment and asks; an asked question's
     frames are stepped over. The answer frame is shown as the feedback. Right answers are
     q.accept, keys built as questions.model.reply_key builds them. */
  var heldBy = new Int32Array(N).fill(-1);
  if (asking) qs.forEach(function (q, k) { for (var f = q.card; f <= q.answer && f < N; f++) heldBy[f] = k; });
  var outcome = qs.map(function () { return ""; });   // "right", "wrong" or "skipped"
  var active = -1, phase = "", chosen = {};
  var nRight = 0, nAnswered = 0, nSkipped = 0;
  function forward(from) {
    var f = from + 1;
    while (f < N && heldBy[f] >= 0) {
      var k = heldBy[f];
      if (!outcome[k]) return {frame: f, ask: k};
      f = qs[k].answer + 1;
    }
    return {frame: f, ask: -1};
  }
  function backward(from) {
    var f = from - 1;
    while (f >= 0 && heldBy[f] >= 0) f = qs[heldBy[f]].card - 1;
    return f;
  }
  var overlay = null, octx = null, qPanel, qPrompt, qHint, qInput, qFeedback, qScore, qButtons = {};
  if (asking) {
    overlay = el("canvas", "vz-overlay", stage);
    overlay.width = W; overlay.height = H;
    octx = overlay.getContext("2d");
    quiz.setAttribute("role", "group");
    quiz.setAttribute("aria-label", "question");
    qPanel = el("div", "vz-q-panel", quiz);
    qPrompt = el("div", "vz-q-prompt", quiz);
    qHint = el("div", "vz-q-hint", quiz);
    var row = el("div", "vz-q-row", quiz);
    var qButton = function (name, label, action) {
      var b = el("button", "vz-btn vz-q-" + name, row, label);
      b.type = "button";
      b.addEventListener("click", function (e) { e.stopPropagation(); action(); root.focus(); });
      qButtons[name] = b;
      return b;
    };
    qButton("yes", "yes (y)", function () { reply("y"); });
    qButton("no", "no (n)", function () { reply("n"); });
    qInput = el("input", "vz-q-number", row);
    qInput.type = "text"; qInput.inputMode = "numeric"; qInput.size = 6;
    qInput.setAttribute("aria-label", "your answer (a number)");
    qButton("check", "check (Enter)", function () { submit(); });
    qButton("skip", "skip (s)", function () { skip(); });
    qButton("continue", "continue (space)", function () { carryOn(); });
    qFeedback = el("div", "vz-q-feedback", quiz);
    qScore = el("div", "vz-q-score", quiz);
    quiz.style.visibility = "hidden";
  }
  function colour(index) {
    var v = pal[index];
    return "rgb(" + (v & 255) + "," + ((v >> 8) & 255) + "," + ((v >> 16) & 255) + ")";
  }
  function ring(q, cell, index) {
    var g = q.grid;
    if (!g) return;
    var y = g.y + cell[0] * g.dy, x = g.x + cell[1] * g.dx, s = g.size;
    var t = Math.max(1, Math.min(3, s >> 2));
    frame(x - 1, y - 1, s + 2, t, colour(index));   // as cards.highlight: 1 px out
  }
  function halo(q, cell) {                           // parts a ring from a cell alike
    var g = q.grid;
    if (g) frame(g.x + cell[1] * g.dx, g.y + cell[0] * g.dy, g.size, 1, colour(q.background));
  }
  function frame(x, y, s, t, style) {                // a ring t px wide around an s-px square
    octx.fillStyle = style;
    octx.fillRect(x - t, y - t, s + 2 * t, t); octx.fillRect(x - t, y + s, s + 2 * t, t);
    octx.fillRect(x - t, y, t, s); octx.fillRect(x + s, y, t, s);
  }
  function drawOverlay() {
    if (!octx) return;
    octx.clearRect(0, 0, W, H);
    if (phase !== "ask") return;
    var q = qs[active];
    q.cells.forEach(function (c) { ring(q, c, q.outline); });
    (q.halo || []).forEach(function (c) { halo(q, c); });
    Object.keys(chosen).forEach(function (key) {
      ring(q, key.split(",").map(Number), q.chosen);
    });
  }
  var HINTS = {cell: "Click the cell on the picture; s skips.",
    yes_no: "Press y or n (or the buttons); s skips.",
    number: "Type the digits, then Enter (or check); s skips.",
    cells: "A click marks an outlined cell alive next (again to unmark); Enter or check answers; s skips."};
  function score() {
    return nRight + " of " + nAnswered + " right" + (nSkipped ? ", " + nSkipped + " skipped" : "");
  }
  function showQuiz() {
    if (!quiz) return;
    root.dataset.quiz = phase;
    root.dataset.question = active >= 0 ? String(active) : "";
    root.dataset.score = nRight + "/" + nAnswered + "/" + nSkipped;
    quiz.style.visibility = phase ? "visible" : "hidden";
    var q = active >= 0 ? qs[active] : null;
    qPanel.textContent = q && q.title ? q.title + ":" : "";
    qPanel.style.display = qPanel.textContent ? "" : "none";
    qPrompt.textContent = q ? q.prompt : "";
    qHint.textContent = q && phase === "ask" ? HINTS[q.reply] : "";
    var r = q && phase === "ask" ? q.reply : "";
    qButtons.yes.style.display = qButtons.no.style.display = r === "yes_no" ? "" : "none";
    qInput.style.display = r === "number" ? "" : "none";
    qButtons.check.style.display = r === "number" || r === "cells" ? "" : "none";
    qButtons.skip.style.display = phase === "ask" ? "" : "none";
    qButtons["continue"].style.display = phase === "told" ? "" : "none";
    qScore.textContent = nAnswered + nSkipped ? score() : "";
  }
  function ask(k) {
    stop();
    active = k; phase = "ask"; chosen = {};
    qInput.value = ""; qFeedback.textContent = "";
    seek(qs[k].moment);
    drawOverlay(); showQuiz(); inView();
    var q = qs[k];
    announce("Question " + (k + 1) + " of " + qs.length + ". " + (q.title ? q.title + ": " : "")
      + q.prompt + " " + HINTS[q.reply]);
  }
  // on a page of its own (not in a notebook cell or a slide), a question below the fold is
  // scrolled into view: the least scroll that shows it
  var ownPage = !!document.querySelector("style[data-vz-page]");
  function inView() {
    if (!ownPage || !quiz.scrollIntoView) return;
    var r = quiz.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) quiz.scrollIntoView({block: "nearest"});
  }
  function key(cell) { return cell[0] + "," + cell[1]; }
  function reply(answerKey) {
    if (phase !== "ask") return;
    var q = qs[active], ok = q.accept.indexOf(answerKey) >= 0;
    outcome[active] = ok ? "right" : "wrong";
    nAnswered += 1; if (ok) nRight += 1;
    tell((ok ? "Right!" : "Not quite.") + " Answer: " + q.words
      + (q.any_of ? " (any of these was right)" : "") + " \u2014 " + q.explanation);
  }
  function skip() {
    if (phase !== "ask") return;
    var q = qs[active];
    outcome[active] = "skipped"; nSkipped += 1;
    tell("Skipped. Answer: " + q.words + " \u2014 " + q.explanation);
  }
  function tell(text) {
    phase = "told";
    seek(qs[active].answer);              // the answer frame: the true answer outlined
    qFeedback.textContent = text;
    drawOverlay(); showQuiz();
    announce(text + " " + score() + ".");
    root.focus();                          // the field may have had it: space continues
  }
  function submit() {
    if (phase !== "ask") return;
    var q = qs[active];
    if (q.reply === "number") {
      var typed = qInput.value.trim();
      if (!/^[0-9]+$/.test(typed)) { qFeedback.textContent = "type a whole number"; return; }
      reply(String(parseInt(typed, 10)));
    } else if (q.reply === "cells") {
      var cells = Object.keys(chosen).map(function (c) { return c.split(",").map(Number); });
      cells.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
      reply(cells.map(key).join(";"));
    }
  }
  function carryOn() {
    if (phase !== "told") return;
    var at = qs[active].answer;
    leave();
    var next = forward(at);
    if (next.ask >= 0) { ask(next.ask); return; }
    if (next.frame > N - 1) return;
    seek(next.frame);
    playing = true; due = performance.now(); schedule(); show();
  }
  function leave() {
    if (!phase) return;
    active = -1; phase = ""; chosen = {};
    qFeedback.textContent = "";
    drawOverlay(); showQuiz();
  }
  function copyAt(q, py, px) {
    var g = q.grid, half = (g.dy - g.size) / 2, halfx = (g.dx - g.size) / 2;
    var found = null;
    (q.copies || []).forEach(function (k) {
      if (py >= k[0] - half && py < k[0] + g.size + half
          && px >= k[1] - halfx && px < k[1] + g.size + halfx) found = [k[2], k[3]];
    });
    return found;
  }
  function clickCell(e) {
    var q = qs[active], g = q.grid;
    var box = canvas.getBoundingClientRect();
    var px = (e.clientX - box.left) * W / Math.max(1, box.width);
    var py = (e.clientY - box.top) * H / Math.max(1, box.height);
    if (!g || (q.reply !== "cell" && q.reply !== "cells")) return;
    var r = Math.floor((py - g.y + (g.dy - g.size) / 2) / g.dy);
    var c = Math.floor((px - g.x + (g.dx - g.size) / 2) / g.dx);
    if (r < 0 || c < 0 || r >= g.rows || c >= g.cols) {
      var copy = copyAt(q, py, px);          // a copy around a neighbourhood view's square
      if (!copy) { qFeedback.textContent = "click a cell of the outlined panel's grid"; return; }
      r = copy[0]; c = copy[1];
    }
    if (q.reply === "cell") { reply(key([r, c])); return; }
    var outlined = q.cells.some(function (x) { return x[0] === r && x[1] === c; });
    if (!outlined) { qFeedback.textContent = "click one of the outlined cells"; return; }
    if (chosen[key([r, c])]) delete chosen[key([r, c])]; else chosen[key([r, c])] = true;
    qFeedback.textContent = "";
    drawOverlay();
  }
  /* a key while a question is asked or answered; true if it was taken */
  function quizKey(e) {
    if (!phase) return false;
    var q = qs[active], k = e.key;
    if (phase === "told") {
      if (k === " " || k === "Enter") { carryOn(); return true; }
      return false;
    }
    if (e.target === qInput) {
      if (k === "Enter") { submit(); return true; }
      return "stay";                               // typing in the field
    }
    if (k === "s") { skip(); return true; }
    if (k === " ") return true;                    // no playing on while asked
    if (q.reply === "yes_no" && (k === "y" || k === "n")) { reply(k); return true; }
    if (q.reply === "number" && /^[0-9]$/.test(k)) { qInput.value = (qInput.value + k).slice(-6); return true; }
    if (q.reply === "number" && k === "Backspace") { qInput.value = qInput.value.slice(0, -1); return true; }
    if (k === "Enter" && (q.reply === "number" || q.reply === "cells")) { submit(); return true; }
    return false;
  }

  // -- input ----------------------------------------------------------------------------
  root.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !data) return;
    var taken = quizKey(e);
    if (taken === "stay") { e.stopPropagation(); return; }
    if (taken) { e.preventDefault(); e.stopPropagation(); return; }
    var act = {" ": toggle, "ArrowRight": stepForward, "ArrowLeft": stepBack,
      "Home": function () { jump(0); }, "End": function () { jump(N - 1); },
      "n": function () { jump(nextMark()); }, "p": function () { jump(prevMark()); }}[e.key];
    if (!act) return;
    e.preventDefault(); e.stopPropagation();
    act();
  });
  canvas.addEventListener("click", function (e) {
    root.focus();
    if (phase === "ask") clickCell(e); else if (!phase) toggle();
  });
  function scrub(e) {
    var box = track.getBoundingClientRect();
    var frac = Math.max(0, Math.min(1, (e.clientX - box.left) / Math.max(1, box.width)));
    seek(Math.round(frac * (N - 1)));
  }
  track.addEventListener("pointerdown", function (e) {
    leave(); stop(); root.focus(); track.setPointerCapture(e.pointerId); scrub(e);
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
