// Live board of one boardbot table: draws each view from the socket as SVG,
// lets the viewer pick a move (select + preview), and sends moves and controls.
(() => {
  'use strict';

  const NS = 'http://www.w3.org/2000/svg';
  const INK = '#27324D', SUB = '#6B7891', FRAME = '#27324D', HOLE = '#E3E8F0';
  const RING = '#FFFFFF', WIN = '#FFFFFF', WIN_EDGE = '#111827';
  // Seat colours and marks, as on the bot's PNG boards.
  const SEATS = [
    { body: '#E23B3B', rim: '#A91D22', ink: '#FFFFFF', light: '#FADADA', line: '#D42A2F', mark: 'ring' },
    { body: '#FFC629', rim: '#D19A00', ink: '#5A4300', light: '#FFF0BF', line: '#E0A300', mark: 'cross' },
    { body: '#2F80ED', rim: '#1A56B0', ink: '#FFFFFF', light: '#D3E4FC', line: '#2373E0', mark: 'star' },
  ];
  const S = 100; // one cell / box in SVG units
  const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

  // ---- pure helpers ----

  const seatStyle = (s) => SEATS[(((s | 0) % 3) + 3) % 3];

  // What a move aims at, as a key: "col:3", "rod:1,2", "line:h,0,0".
  function moveKey(m) {
    const t = m && m.target;
    if (!t) return '';
    if (t.column != null) return 'col:' + t.column;
    if (t.rod) return 'rod:' + t.rod[0] + ',' + t.rod[1];
    if (t.line) return 'line:' + t.line.dir + ',' + t.line.row + ',' + t.line.col;
    return '';
  }

  // What a tapped cell aims at: "col,row" is a column, "level,x,y" a rod.
  function cellKey(cell) {
    const p = String(cell).split(',');
    return p.length === 3 ? 'rod:' + p[1] + ',' + p[2] : 'col:' + p[0];
  }

  const findMove = (moves, key) => (moves || []).find((m) => moveKey(m) === key) || null;

  // The data-at string of a move's landing place.
  function landAt(m) {
    const l = m && m.land;
    if (l == null) return null;
    return Array.isArray(l) ? l.join(',') : l.dir + ',' + l.row + ',' + l.col;
  }

  // Next (d = 1) or previous (d = -1) move name, wrapping.
  function step(moves, name, d) {
    const n = (moves || []).length;
    if (!n) return null;
    const i = moves.findIndex((m) => m.name === name);
    return moves[i < 0 ? (d > 0 ? 0 : n - 1) : (i + d + n) % n].name;
  }

  function clockText(ms) {
    const s = Math.max(0, Math.ceil((Number(ms) || 0) / 1000));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  // Reconnect wait: 0.5 s doubling to 5 s, times a jitter of 0.75..1.25 (r in 0..1).
  const backoff = (n, r) => Math.min(5000, 500 * 2 ** Math.min(n, 8)) * (0.75 + 0.5 * r);

  // Nearest Dots line to a point given in box units from dot a1 (x right,
  // y down); null when well outside the board. Its regions are the diamonds
  // drawn as hit areas.
  function dotsNearest(x, y, w, h) {
    const cl = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    const hr = cl(Math.round(y), 0, h), hc = cl(Math.floor(x), 0, w - 1);
    const vc = cl(Math.round(x), 0, w), vr = cl(Math.floor(y), 0, h - 1);
    const dh = Math.abs(x - hc - 0.5) + Math.abs(y - hr);
    const dv = Math.abs(x - vc) + Math.abs(y - vr - 0.5);
    const best = dh <= dv ? { dir: 'h', row: hr, col: hc, d: dh } : { dir: 'v', row: vr, col: vc, d: dv };
    return best.d > 0.75 ? null : { dir: best.dir, row: best.row, col: best.col };
  }

  const PURE = { moveKey, cellKey, findMove, landAt, step, clockText, backoff, dotsNearest, seatStyle };
  if (typeof document === 'undefined') {
    if (typeof module === 'object' && module && module.exports) module.exports = PURE;
    return;
  }

  // ---- SVG drawing ----

  const r1 = (n) => Math.round(n * 10) / 10;

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) if (attrs[k] != null) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function text(parent, x, y, s, size, fill) {
    const t = el('text', { x, y, 'font-size': size, fill, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, parent);
    t.textContent = s;
    return t;
  }

  // A seat's mark in colour c, sized for a disc of radius r; it never covers
  // the centre point, so the centre keeps the disc's body colour.
  function mark(g, kind, x, y, r, c) {
    const sw = r1(r * 0.16);
    if (kind === 'ring') {
      el('circle', { cx: x, cy: y, r: r1(r * 0.42), fill: 'none', stroke: c, 'stroke-width': sw }, g);
    } else if (kind === 'cross') {
      let d = '';
      for (const [a, b] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
        const k = 0.7071 * r;
        d += 'M' + r1(x + a * k * 0.26) + ' ' + r1(y + b * k * 0.26) + 'L' + r1(x + a * k * 0.66) + ' ' + r1(y + b * k * 0.66);
      }
      el('path', { d, stroke: c, 'stroke-width': r1(r * 0.18), 'stroke-linecap': 'round', fill: 'none' }, g);
    } else {
      const p = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5, q = i % 2 ? r * 0.27 : r * 0.64;
        p.push(r1(x + q * Math.cos(a)) + ',' + r1(y + q * Math.sin(a)));
      }
      el('polygon', { points: p.join(' '), fill: 'none', stroke: c, 'stroke-width': r1(r * 0.11), 'stroke-linejoin': 'round' }, g);
    }
  }

  function disc(g, seat, x, y, r) {
    const s = seatStyle(seat);
    el('circle', { cx: x, cy: y, r: r1(r * 0.94), fill: s.body, stroke: s.rim, 'stroke-width': r1(r * 0.12) }, g);
    mark(g, s.mark, x, y, r, s.ink);
  }

  // Dashed half-transparent disc where the selected move lands.
  function ghost(g, seat, x, y, r, at) {
    const s = seatStyle(seat);
    const q = el('g', { id: 'landing', 'data-at': at, opacity: 0.55 }, g);
    el('circle', { cx: x, cy: y, r: r1(r * 0.92), fill: s.body, stroke: s.rim, 'stroke-width': 5, 'stroke-dasharray': '9 7' }, q);
    mark(q, s.mark, x, y, r, s.ink);
  }

  function winPath(g, pts) {
    const points = pts.map((p) => r1(p[0]) + ',' + r1(p[1])).join(' ');
    const o = { points, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
    el('polyline', { ...o, stroke: WIN_EDGE, 'stroke-width': 20 }, g);
    el('polyline', { ...o, stroke: WIN, 'stroke-width': 10 }, g);
  }

  function pill(g, x, y, s, on, rad = 22) {
    if (on) el('circle', { cx: x, cy: y, r: rad, fill: INK }, g);
    text(g, x, y, s, Math.round(rad * 1.3), on ? '#FFFFFF' : INK);
  }

  function frame(g, x, y, w, h) {
    el('rect', { x, y: y + 6, width: w, height: h, rx: 18, fill: SUB, 'fill-opacity': 0.25 }, g);
    el('rect', { x, y, width: w, height: h, rx: 18, fill: FRAME }, g);
  }

  // A cell: its hit square, hole and disc.
  function cell(g, at, x, y, who) {
    const c = el('g', { 'data-cell': at }, g);
    el('rect', { x: x - S / 2, y: y - S / 2, width: S, height: S, fill: 'none', class: 'hit' }, c);
    el('circle', { cx: x, cy: y, r: 38, fill: HOLE }, c);
    if (who != null) disc(c, who, x, y, 38);
  }

  const lastRing = (g, x, y) => el('circle', { cx: x, cy: y, r: 45, fill: 'none', stroke: RING, 'stroke-width': 4 }, g);

  function drawGrid(svg, b, sel, mover) {
    const C = b.columns | 0, R = b.rows | 0, M = 8, L = 56, P = 10;
    const W = 2 * M + C * S + 2 * P, H = M + L + R * S + 2 * P + M + 6, fx = M, fy = M + L;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const cx = (c) => fx + P + c * S + S / 2, cy = (r) => fy + P + (R - 1 - r) * S + S / 2;
    const col = sel && sel.target ? sel.target.column : null;
    for (let c = 0; c < C; c++) {
      el('rect', { x: fx + P + c * S, y: 0, width: S, height: H, fill: 'none', class: 'hit', 'data-col': c }, svg);
    }
    frame(svg, fx, fy, C * S + 2 * P, R * S + 2 * P);
    if (col != null) {
      el('rect', { x: fx + P + col * S + 5, y: fy + 5, width: S - 10, height: R * S + 2 * P - 10, rx: 14, fill: '#FFFFFF', 'fill-opacity': 0.16 }, svg);
    }
    for (let c = 0; c < C; c++) {
      pill(svg, cx(c), M + L / 2, String(c + 1), c === col);
      for (let r = 0; r < R; r++) cell(svg, c + ',' + r, cx(c), cy(r), ((b.cells || [])[c] || [])[r]);
    }
    if (b.last) lastRing(svg, cx(b.last[0]), cy(b.last[1]));
    for (const line of b.lines || []) winPath(svg, line.map((p) => [cx(p[0]), cy(p[1])]));
    if (sel && Array.isArray(sel.land)) ghost(svg, mover, cx(sel.land[0]), cy(sel.land[1]), 38, landAt(sel));
  }

  function drawCube(svg, b, sel, mover, wide, words) {
    const N = 46, T = 52, L = 46, P = 10, G = 24;
    const FW = 4 * S + 2 * P, PW = N + FW, PH = T + L + FW + 8;
    const W = wide ? 4 * PW + 3 * G : 2 * PW + G, H = wide ? PH : 2 * PH + G;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const ox = (l) => (wide ? l : l % 2) * (PW + G), oy = (l) => (wide ? 0 : (l >> 1) * (PH + G));
    const cx = (l, x) => ox(l) + N + P + x * S + S / 2, cy = (l, y) => oy(l) + T + L + P + y * S + S / 2;
    const rod = sel && sel.target && sel.target.rod;
    const cells = b.cells || [];
    for (let l = 0; l < 4; l++) {
      const x0 = ox(l) + N, y0 = oy(l) + T + L;
      text(svg, x0 + FW / 2, oy(l) + T / 2, words.level + ' ' + (l + 1), 34, INK);
      for (let i = 0; i < 4; i++) {
        pill(svg, cx(l, i), oy(l) + T + L / 2 - 2, 'ABCD'[i], !!rod && rod[0] === i, 21);
        pill(svg, ox(l) + 21, cy(l, i), String(i + 1), !!rod && rod[1] === i, 21);
      }
      frame(svg, x0, y0, FW, FW);
      if (rod) {
        el('rect', { x: cx(l, rod[0]) - S / 2 + 4, y: cy(l, rod[1]) - S / 2 + 4, width: S - 8, height: S - 8, rx: 14, fill: '#FFFFFF', 'fill-opacity': 0.2 }, svg);
      }
      for (let x = 0; x < 4; x++) {
        for (let y = 0; y < 4; y++) cell(svg, l + ',' + x + ',' + y, cx(l, x), cy(l, y), ((cells[l] || [])[x] || [])[y]);
      }
    }
    if (b.last) lastRing(svg, cx(b.last[0], b.last[1]), cy(b.last[0], b.last[2]));
    for (const line of b.lines || []) {
      if (!line.length) continue;
      if (line.every((p) => p[0] === line[0][0])) {
        winPath(svg, line.map((p) => [cx(p[0], p[1]), cy(p[0], p[2])]));
        continue;
      }
      // Across levels: a short bar through each bead, along the line's x/y direction.
      let dx = line.length > 1 ? line[1][1] - line[0][1] : 0, dy = line.length > 1 ? line[1][2] - line[0][2] : 0;
      if (!dx && !dy) dx = 1;
      const k = (0.36 * S) / Math.hypot(dx, dy);
      for (const p of line) {
        const x = cx(p[0], p[1]), y = cy(p[0], p[2]);
        winPath(svg, [[x - dx * k, y - dy * k], [x + dx * k, y + dy * k]]);
      }
    }
    if (sel && Array.isArray(sel.land)) {
      const [l, x, y] = sel.land;
      ghost(svg, mover, cx(l, x), cy(l, y), 38, landAt(sel));
    }
  }

  let dotsGeo = null;

  function drawDots(svg, b, sel, mover) {
    const w = b.width | 0, h = b.height | 0, X0 = 70, Y0 = 70;
    const W = X0 + w * S + 40, H = Y0 + h * S + 40;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    dotsGeo = { X0, Y0, w, h };
    const px = (c) => X0 + c * S, py = (r) => Y0 + r * S;
    const get = (a, r, c) => { const v = ((a || [])[r] || [])[c]; return v == null ? null : v; };
    const all = [];
    for (let r = 0; r <= h; r++) for (let c = 0; c < w; c++) all.push(['h', r, c, get(b.h, r, c)]);
    for (let r = 0; r < h; r++) for (let c = 0; c <= w; c++) all.push(['v', r, c, get(b.v, r, c)]);
    const ends = (d, r, c) => (d === 'h' ? [px(c), py(r), px(c + 1), py(r)] : [px(c), py(r), px(c), py(r + 1)]);
    const seg = (d, r, c, attrs) => {
      const [x1, y1, x2, y2] = ends(d, r, c);
      return el('line', { x1, y1, x2, y2, 'stroke-linecap': 'round', ...attrs }, svg);
    };
    for (const [d, r, c, s] of all) if (s == null) seg(d, r, c, { stroke: SUB, 'stroke-opacity': 0.3, 'stroke-width': 4 });
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const s = get(b.boxes, r, c);
        if (s == null) continue;
        const st = seatStyle(s);
        el('rect', { x: px(c) + 9, y: py(r) + 9, width: S - 18, height: S - 18, rx: 10, fill: st.light }, svg);
        mark(svg, st.mark, px(c) + S / 2, py(r) + S / 2, 45, st.line);
      }
    }
    const t = sel && sel.target && sel.target.line;
    if (t) seg(t.dir, t.row, t.col, { stroke: seatStyle(mover).light, 'stroke-width': 30 });
    const last = b.last;
    if (last && get(last.dir === 'h' ? b.h : b.v, last.row, last.col) != null) {
      seg(last.dir, last.row, last.col, { stroke: seatStyle(get(last.dir === 'h' ? b.h : b.v, last.row, last.col)).light, 'stroke-width': 32 });
    }
    for (const [d, r, c, s] of all) {
      if (s == null) continue;
      const st = seatStyle(s);
      seg(d, r, c, { stroke: st.line, 'stroke-width': 10 });
      const [x1, y1, x2, y2] = ends(d, r, c);
      el('circle', { cx: (x1 + x2) / 2, cy: (y1 + y2) / 2, r: 13, fill: st.body, stroke: st.rim, 'stroke-width': 2 }, svg);
      mark(svg, st.mark, (x1 + x2) / 2, (y1 + y2) / 2, 14, st.ink);
    }
    for (let r = 0; r <= h; r++) for (let c = 0; c <= w; c++) el('circle', { cx: px(c), cy: py(r), r: 9, fill: INK }, svg);
    const L = sel && sel.land && !Array.isArray(sel.land) ? sel.land : null;
    if (L) {
      const g = el('g', { id: 'landing', 'data-at': landAt(sel), opacity: 0.75 }, svg);
      const [x1, y1, x2, y2] = ends(L.dir, L.row, L.col);
      el('line', { x1, y1, x2, y2, stroke: seatStyle(mover).line, 'stroke-width': 10, 'stroke-dasharray': '14 11' }, g);
    }
    const onC = (c) => !!t && (t.dir === 'h' ? c === t.col || c === t.col + 1 : c === t.col);
    const onR = (r) => !!t && (t.dir === 'v' ? r === t.row || r === t.row + 1 : r === t.row);
    for (let c = 0; c <= w; c++) pill(svg, px(c), Y0 - 44, LETTERS[c] || '?', onC(c));
    for (let r = 0; r <= h; r++) pill(svg, X0 - 44, py(r), String(r + 1), onR(r));
    // Hit diamonds, on top: each holds the points nearest to its line.
    const hs = S / 2;
    for (const [d, r, c] of all) {
      const [x1, y1, x2, y2] = ends(d, r, c), mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      const pts = d === 'h' ? [x1, y1, mx, my - hs, x2, y2, mx, my + hs] : [x1, y1, mx + hs, my, x2, y2, mx - hs, my];
      el('polygon', { points: pts.join(' '), fill: 'none', class: 'hit', 'data-line': d + ',' + r + ',' + c }, svg);
    }
  }

  // ---- page state ----

  const $ = (id) => document.getElementById(id);
  let boot = {}, words = {};
  let view = null, arrived = 0, selected = null, busy = false, busyTimer = 0, sentStamp = null;
  let ws = null, open = false, ever = false, tries = 0, retryTimer = 0, lastStamp = null;
  let altText = null, hintTimer = 0;
  let wideMQ = null;

  const w = (k, fb) => (words && typeof words[k] === 'string' ? words[k] : fb);

  function kind(v) {
    const b = (v && v.board) || {};
    return b.grid ? 'grid' : b.cube ? 'cube' : b.dots ? 'dots' : '';
  }

  function chooseWord(v) {
    const k = kind(v);
    return k === 'dots' ? w('choose_line', 'Choose a line') : k === 'cube' ? w('choose_rod', 'Choose a rod') : w('choose_column', 'Choose a column');
  }

  function confirmWord(v) {
    if (v && v.confirm) return v.confirm;
    const k = kind(v);
    return k === 'dots' ? w('draw_line', 'Draw line') : k === 'cube' ? w('drop_bead', 'Drop bead') : w('drop_piece', 'Drop piece');
  }

  const you = () => (view && view.you) || {};
  const sel = () => (view && selected != null ? (view.moves || []).find((m) => m.name === selected) || null : null);
  const mover = () => (view && view.mover != null ? view.mover : you().seat != null ? you().seat : 0);
  const canMove = () => !!(sel() && you().may_move && you().may_act !== false && open && !busy);

  function miniDisc(seat) {
    const s = el('svg', { viewBox: '-50 -50 100 100', 'aria-hidden': 'true', focusable: 'false' });
    disc(s, seat, 0, 0, 46);
    return s;
  }

  function add(parent, tag, cls, txt) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (txt != null) e.textContent = txt;
    parent.appendChild(e);
    return e;
  }

  function drawBoard() {
    const svg = $('board');
    svg.textContent = '';
    dotsGeo = null;
    if (!view) return;
    const b = view.board || {}, s = sel(), m = mover();
    const wide = kind(view) === 'cube' && wideMQ && wideMQ.matches;
    document.body.classList.toggle('wide', !!wide);
    if (b.grid) drawGrid(svg, b.grid, s, m);
    else if (b.cube) drawCube(svg, b.cube, s, m, wide, { level: w('level', 'Level') });
    else if (b.dots) drawDots(svg, b.dots, s, m);
  }

  // Built once; only the "watching" note follows the views.
  function drawAccount() {
    const a = $('account');
    add(a, 'span', 'watch', w('watching', 'You are watching.')).hidden = true;
    if (boot.user && boot.logout === null) {
      // No logout here (the Discord Activity): just the name.
      add(a, 'span', 'user', boot.user.name || '');
    } else if (boot.user) {
      const f = add(a, 'form', 'logout');
      f.method = 'post';
      f.action = boot.logout || '/logout';
      add(f, 'span', 'user', boot.user.name || '');
      const i = add(f, 'input');
      i.type = 'hidden';
      i.name = 'csrf';
      i.value = boot.csrf || '';
      add(f, 'button', 'small', w('logout', 'Log out')).type = 'submit';
    } else if (boot.login) {
      const l = add(a, 'a', 'login', w('login', 'Log in with Discord to play'));
      l.id = 'login';
      l.href = boot.login;
    }
  }

  function drawSeats() {
    const ul = $('seats');
    ul.textContent = '';
    const dots = view.board && view.board.dots;
    for (const s of view.seats || []) {
      const li = add(ul, 'li', 'seat' + (s.to_move ? ' turn' : '') + (s.you ? ' me' : ''));
      if (s.to_move) li.setAttribute('aria-current', 'true');
      add(li, 'span', 'arrow', '▶').setAttribute('aria-hidden', 'true');
      li.appendChild(miniDisc(s.seat));
      add(li, 'span', 'name', s.name || s.label || '');
      if (s.name && s.label) add(li, 'span', 'sub', s.label);
      // A CPU seat is named "CPU" by the server; its level follows.
      if (s.cpu) add(li, 'span', 'sub', '(' + s.cpu + ')');
      if (s.you) add(li, 'span', 'sub', '(' + w('you', 'you') + ')');
      const score = s.score != null ? s.score : dots && dots.scores ? dots.scores[s.seat] : null;
      if (score != null) add(li, 'b', 'score', String(score));
    }
  }

  // Buttons are kept while the list of ids stays the same, so focus stays.
  function drawControls() {
    const box = $('controls'), list = (view && view.controls) || [];
    if ([...box.children].map((b) => b.dataset.control).join('\n') !== list.map((c) => c.id).join('\n')) {
      box.textContent = '';
      for (const c of list) add(box, 'button').type = 'button';
    }
    list.forEach((c, i) => {
      const b = box.children[i];
      b.dataset.control = c.id;
      b.textContent = c.label;
      b.disabled = !c.enabled || !you().may_act || !open || busy;
    });
  }

  // Confirm button, hint and controls: they follow selection, socket and busy state.
  function drawActions() {
    const c = $('confirm');
    c.textContent = confirmWord(view);
    c.disabled = !canMove();
    const s = sel(), h = $('hint');
    h.textContent = s ? s.name : view && you().may_move && (view.moves || []).length ? chooseWord(view) : '';
    drawControls();
  }

  function drawConn() {
    document.body.dataset.connected = open ? '1' : '0';
    $('conn').textContent = open ? '' : ever ? w('reconnecting', 'Connection lost — reconnecting…') : w('connecting', 'Connecting…');
  }

  function tick() {
    const c = view && view.clock, box = $('clockbox');
    if (!c || c.deadline_ms == null) { box.hidden = true; return; }
    box.hidden = false;
    let left = c.deadline_ms - (c.now_ms != null ? c.now_ms : Date.now());
    if (!view.paused) left -= performance.now() - arrived;
    $('clock').textContent = clockText(left);
  }

  function drawAll() {
    const v = view;
    $('title').textContent = v.title || document.title;
    $('status').textContent = v.status || '';
    const svg = $('board');
    svg.setAttribute('aria-label', v.alt || v.title || '');
    $('wrap').setAttribute('aria-label', chooseWord(v));
    if (v.alt !== altText) { altText = v.alt; $('alt').textContent = v.alt || ''; }
    const r = $('result');
    r.textContent = '';
    r.hidden = !v.result;
    if (v.result) {
      if (v.result.winner != null) r.appendChild(miniDisc(v.result.winner));
      add(r, 'span', null, v.result.text || '');
    }
    // Last move: the mover's disc and the move's name; a label only if words has one.
    const l = $('last');
    l.textContent = '';
    l.hidden = v.last_move == null;
    if (v.last_move != null) {
      const who = lastSeat(v.board || {});
      if (words.last_move) add(l, 'span', null, words.last_move);
      if (who != null) l.appendChild(miniDisc(who));
      add(l, 'b', null, String(v.last_move));
    }
    document.querySelector('#account .watch').hidden = you().seat != null;
    drawSeats();
    drawBoard();
    drawActions();
    tick();
  }

  // Seat that made the last move, read from the board.
  function lastSeat(b) {
    const at = (a, ...i) => i.reduce((x, k) => (x == null ? null : x[k]), a);
    if (b.grid && b.grid.last) return at(b.grid.cells, ...b.grid.last);
    if (b.cube && b.cube.last) return at(b.cube.cells, ...b.cube.last);
    const d = b.dots, L = d && d.last;
    return L ? at(L.dir === 'h' ? d.h : d.v, L.row, L.col) : null;
  }

  function say(msg, err) {
    const m = $('message');
    m.textContent = msg || '';
    m.className = 'message' + (msg ? (err ? ' error' : ' note') : '');
  }

  function setBusy(on) {
    busy = on;
    clearTimeout(busyTimer);
    // Never stay locked if the server answers nothing.
    if (on) busyTimer = setTimeout(() => { busy = false; drawActions(); }, 6000);
  }

  function onView(v) {
    const mine = busy && sentStamp != null && v.stamp !== sentStamp;
    view = v;
    arrived = performance.now();
    lastStamp = v.stamp;
    setBusy(false);
    if (mine || !sel()) selected = null;
    sentStamp = null;
    document.body.dataset.stamp = String(v.stamp);
    document.body.dataset.connected = open ? '1' : '0';
    drawAll();
    // The first board drawn: the page is playable (read by the bench).
    if (performance.mark && !performance.getEntriesByName('board-ready').length) performance.mark('board-ready');
  }

  function onMessage(data) {
    let m;
    try { m = JSON.parse(data); } catch (e) { return; }
    if (!m || typeof m !== 'object') return;
    if (m.type === 'view' && m.view) onView(m.view);
    else if (m.type === 'refused' || m.type === 'notice') {
      setBusy(false);
      sentStamp = null;
      say(m.text, m.type === 'refused');
      if (view) drawActions();
    }
  }

  function send(obj) {
    if (!open || !ws) return false;
    try { ws.send(JSON.stringify(obj)); } catch (e) { return false; }
    return true;
  }

  function confirmMove() {
    const m = sel();
    if (!canMove() || !m) return;
    if (send({ type: 'move', move: m.name, stamp: view.stamp })) {
      sentStamp = view.stamp;
      setBusy(true);
      say('');
      drawActions();
    }
  }

  function control(id) {
    if (!view || !you().may_act || busy) return;
    if (send({ type: 'control', control: id, stamp: view.stamp })) {
      setBusy(true);
      say('');
      drawActions();
    }
  }

  function pick(key) {
    if (!view) return;
    const m = findMove(view.moves, key);
    selected = m ? m.name : null;
    clearTimeout(hintTimer);
    $('hint').classList.remove('nudge');
    drawBoard();
    drawActions();
    if (!m) {
      // Nothing to play there: point at the prompt for a moment.
      const h = $('hint');
      h.textContent = chooseWord(view);
      void h.offsetWidth; // restart the animation
      h.classList.add('nudge');
      hintTimer = setTimeout(() => { h.classList.remove('nudge'); drawActions(); }, 1600);
    }
  }

  function onBoardClick(e) {
    const t = e.target && e.target.closest ? e.target.closest('[data-cell],[data-line],[data-col]') : null;
    let key = null;
    if (t) {
      const line = t.getAttribute('data-line'), cellAt = t.getAttribute('data-cell');
      key = line != null ? 'line:' + line : cellAt != null ? cellKey(cellAt) : 'col:' + t.getAttribute('data-col');
    } else if (dotsGeo && e.detail) {
      const svg = $('board'), ctm = svg.getScreenCTM();
      if (!ctm) return;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      const n = dotsNearest((p.x - dotsGeo.X0) / S, (p.y - dotsGeo.Y0) / S, dotsGeo.w, dotsGeo.h);
      if (n) key = 'line:' + n.dir + ',' + n.row + ',' + n.col;
    }
    if (key) pick(key);
  }

  function onKey(e) {
    if (!view || e.altKey || e.ctrlKey || e.metaKey) return;
    const k = e.key;
    const d = k === 'ArrowRight' || k === 'ArrowDown' ? 1 : k === 'ArrowLeft' || k === 'ArrowUp' ? -1 : 0;
    if (d) {
      e.preventDefault();
      const n = step(view.moves, selected, d);
      if (n != null) { selected = n; drawBoard(); drawActions(); }
    } else if (k === 'Enter' || k === ' ' || k === 'Spacebar') {
      e.preventDefault();
      confirmMove();
    } else if (k === 'Escape' && selected != null) {
      selected = null;
      drawBoard();
      drawActions();
    }
  }

  // ---- socket ----

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = 0;
    if (!boot.socket || ws) return;
    let url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + boot.socket;
    if (lastStamp != null) url += (url.includes('?') ? '&' : '?') + 'since=' + encodeURIComponent(lastStamp);
    let s;
    try { s = new WebSocket(url); } catch (e) { retry(); return; }
    ws = s;
    s.addEventListener('open', () => {
      if (ws !== s) return;
      open = ever = true;
      tries = 0;
      drawConn();
      if (view) drawActions();
    });
    s.addEventListener('message', (e) => { if (ws === s) onMessage(e.data); });
    s.addEventListener('close', () => {
      if (ws !== s) return;
      ws = null;
      open = false;
      setBusy(false);
      drawConn();
      if (view) drawActions();
      retry();
    });
  }

  function retry() {
    if (!retryTimer) retryTimer = setTimeout(connect, backoff(tries++, Math.random()));
  }

  function soon() {
    if (!ws && boot.socket) { tries = 0; connect(); }
  }

  function init() {
    try { boot = JSON.parse($('boot').textContent || '{}') || {}; } catch (e) { boot = {}; }
    words = boot.words || {};
    $('title').textContent = document.title;
    $('clocklabel').textContent = w('time_left', 'Time left');
    $('confirm').textContent = w('drop_piece', 'Drop piece');
    drawAccount();
    drawConn();
    const wrap = $('wrap');
    $('board').addEventListener('click', onBoardClick);
    wrap.addEventListener('keydown', onKey);
    $('confirm').addEventListener('click', confirmMove);
    $('controls').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-control]');
      if (b && !b.disabled) control(b.dataset.control);
    });
    wideMQ = window.matchMedia ? window.matchMedia('(min-width: 960px)') : null;
    if (wideMQ && wideMQ.addEventListener) wideMQ.addEventListener('change', () => { if (view) drawBoard(); });
    window.addEventListener('online', soon);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) soon(); });
    setInterval(tick, 250);
    window.boardbot = { view: () => view };
    connect();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
