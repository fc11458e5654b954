// Map results view: sortable, filterable table and an x/z plot.
// Everything from the result is written with textContent / setAttribute (never innerHTML),
// so a value holding <script> or HTML shows as text. Runs under a strict CSP (no eval, no inline).
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  window.addEventListener('error', function (e) { vscode.postMessage({ type: 'log', text: 'error: ' + (e && e.message) }); });
  const SVG = 'http://www.w3.org/2000/svg';
  const tbody = document.querySelector('#results tbody');
  const filterInput = document.getElementById('filter');
  const summary = document.getElementById('summary');
  const empty = document.getElementById('empty');
  const plot = document.getElementById('plot');
  const legend = document.getElementById('legend');
  const PALETTE = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324', '#800000', '#469990', '#808000', '#000075'];

  let objects = [];
  let sortKey = 'type';
  let sortDir = 1;
  let filter = '';
  let selected = -1;

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function fmtNum(n) {
    return typeof n === 'number' && isFinite(n) ? String(n) : '?';
  }
  function mtimeText(t) {
    if (typeof t !== 'number' || !isFinite(t)) return '';
    const d = new Date(t > 1e11 ? t : t * 1000); // Unix seconds (the real server); tolerate ms
    return isNaN(d.getTime()) ? '' : d.toLocaleString();
  }
  /** What an attribute value means, as the map server computes it (mapobject/*.go). */
  const ATTRIBUTE_HINTS = {
    'bones.item_count': 'Number of items inside: every stack\'s count added up (not the number of stacks)',
    'atm.type': 'atm, atm2, atm3 (ATMs) or wiretransfer (wire-transfer terminal)',
  };
  function mtimeTitle(t) {
    if (typeof t !== 'number' || !isFinite(t)) return '';
    return 'Indexed by the map server at Unix time ' + t + ' (when it last parsed this map block), not when the object was placed';
  }
  function attrText(a) {
    return Object.keys(a || {})
      .sort()
      .map(function (k) { return k + '=' + a[k]; })
      .join(', ');
  }
  function rowText(o) {
    return [o.type, fmtNum(o.x), fmtNum(o.y), fmtNum(o.z), fmtNum(o.mapblock.x), fmtNum(o.mapblock.y), fmtNum(o.mapblock.z), mtimeText(o.mtime), attrText(o.attributes)].join(' ').toLowerCase();
  }
  function sortValue(o, key) {
    switch (key) {
      case 'pos': return [o.x, o.z, o.y];
      case 'mapblock': return [o.mapblock.x, o.mapblock.z, o.mapblock.y];
      case 'mtime': return [o.mtime];
      case 'attributes': return [attrText(o.attributes)];
      default: return [o.type];
    }
  }
  function compare(a, b) {
    const va = sortValue(a, sortKey);
    const vb = sortValue(b, sortKey);
    for (let i = 0; i < va.length; i++) {
      if (va[i] < vb[i]) return -sortDir;
      if (va[i] > vb[i]) return sortDir;
    }
    return 0;
  }
  function visible() {
    const f = filter.trim().toLowerCase();
    const rows = objects.map(function (o, i) { return { o: o, i: i }; }).filter(function (r) { return !f || rowText(r.o).indexOf(f) >= 0; });
    rows.sort(function (a, b) { return compare(a.o, b.o); });
    return rows;
  }
  const typeColour = new Map();
  function colour(type) {
    if (!typeColour.has(type)) typeColour.set(type, PALETTE[typeColour.size % PALETTE.length]);
    return typeColour.get(type);
  }

  function renderTable(rows) {
    tbody.replaceChildren();
    for (const r of rows) {
      const o = r.o;
      const tr = document.createElement('tr');
      tr.dataset.index = String(r.i);
      if (r.i === selected) tr.className = 'selected';
      const typeCell = el('td');
      const swatch = el('span', '', 'swatch');
      swatch.style.backgroundColor = colour(o.type);
      typeCell.append(swatch, document.createTextNode(o.type));
      tr.append(
        typeCell,
        el('td', fmtNum(o.x) + ', ' + fmtNum(o.y) + ', ' + fmtNum(o.z), 'num'),
        el('td', fmtNum(o.mapblock.x) + ', ' + fmtNum(o.mapblock.y) + ', ' + fmtNum(o.mapblock.z), 'num'),
        el('td', mtimeText(o.mtime)),
      );
      tr.lastChild.title = mtimeTitle(o.mtime);
      const attrs = el('td', undefined, 'attrs');
      for (const k of Object.keys(o.attributes || {}).sort()) {
        const item = el('span', undefined, 'attr');
        item.append(el('b', k), document.createTextNode(' ' + o.attributes[k]));
        const hint = ATTRIBUTE_HINTS[o.type + '.' + k];
        if (hint) item.title = hint;
        attrs.append(item);
      }
      tr.append(attrs);
      tr.addEventListener('click', function () { select(r.i); });
      tbody.append(tr);
    }
    empty.hidden = rows.length > 0;
  }

  function renderPlot(rows) {
    plot.replaceChildren();
    legend.replaceChildren();
    const pts = rows.filter(function (r) { return isFinite(r.o.x) && isFinite(r.o.z); });
    const W = 480, H = 360, P = 36;
    plot.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    if (!pts.length) return;
    let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
    for (const r of pts) {
      minX = Math.min(minX, r.o.x); maxX = Math.max(maxX, r.o.x);
      minZ = Math.min(minZ, r.o.z); maxZ = Math.max(maxZ, r.o.z);
    }
    if (minX === maxX) { minX -= 8; maxX += 8; }
    if (minZ === maxZ) { minZ -= 8; maxZ += 8; }
    const sx = function (x) { return P + ((x - minX) / (maxX - minX)) * (W - 2 * P); };
    const sz = function (z) { return H - P - ((z - minZ) / (maxZ - minZ)) * (H - 2 * P); }; // north (+z) up
    const frame = document.createElementNS(SVG, 'rect');
    frame.setAttribute('x', String(P)); frame.setAttribute('y', String(P));
    frame.setAttribute('width', String(W - 2 * P)); frame.setAttribute('height', String(H - 2 * P));
    frame.setAttribute('class', 'frame');
    plot.append(frame);
    const label = function (x, y, text, anchor) {
      const t = document.createElementNS(SVG, 'text');
      t.setAttribute('x', String(x)); t.setAttribute('y', String(y));
      t.setAttribute('text-anchor', anchor);
      t.setAttribute('class', 'axis');
      t.textContent = text;
      plot.append(t);
    };
    label(P, H - P + 16, 'x ' + minX, 'start');
    label(W - P, H - P + 16, 'x ' + maxX, 'end');
    label(P - 4, H - P, 'z ' + minZ, 'end');
    label(P - 4, P + 10, 'z ' + maxZ, 'end');
    for (const r of pts) {
      const c = document.createElementNS(SVG, 'circle');
      c.setAttribute('cx', sx(r.o.x).toFixed(1));
      c.setAttribute('cy', sz(r.o.z).toFixed(1));
      c.setAttribute('r', r.i === selected ? '7' : '4.5');
      c.setAttribute('fill', colour(r.o.type));
      c.setAttribute('class', r.i === selected ? 'point selected' : 'point');
      const title = document.createElementNS(SVG, 'title');
      title.textContent = r.o.type + ' at ' + fmtNum(r.o.x) + ', ' + fmtNum(r.o.y) + ', ' + fmtNum(r.o.z) + (attrText(r.o.attributes) ? ' — ' + attrText(r.o.attributes) : '');
      c.append(title);
      c.addEventListener('click', function () { select(r.i); });
      plot.append(c);
    }
    for (const [type, col] of typeColour) {
      const item = el('span', undefined, 'legend-item');
      const sw = el('span', '', 'swatch');
      sw.style.backgroundColor = col;
      item.append(sw, document.createTextNode(type));
      legend.append(item);
    }
  }

  function render() {
    const rows = visible();
    renderTable(rows);
    renderPlot(rows);
    // Tell the extension what is on screen (used by the end-to-end tests and the log).
    vscode.postMessage({ type: 'rendered', rows: tbody.rows.length, points: plot.querySelectorAll('circle').length, sortKey: sortKey, sortDir: sortDir, filter: filter });
    for (const th of document.querySelectorAll('th[data-key]')) {
      th.setAttribute('aria-sort', th.dataset.key === sortKey ? (sortDir > 0 ? 'ascending' : 'descending') : 'none');
    }
  }

  function select(i) {
    selected = selected === i ? -1 : i;
    render();
    const row = tbody.querySelector('tr[data-index="' + i + '"]');
    if (row && selected === i) row.scrollIntoView({ block: 'nearest' });
  }

  for (const th of document.querySelectorAll('th[data-key]')) {
    th.tabIndex = 0;
    const sortBy = function () {
      if (sortKey === th.dataset.key) sortDir = -sortDir;
      else { sortKey = th.dataset.key; sortDir = 1; }
      render();
    };
    th.addEventListener('click', sortBy);
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(); } });
  }
  filterInput.addEventListener('input', function () { filter = filterInput.value; render(); });
  document.getElementById('export-csv').addEventListener('click', function () { vscode.postMessage({ type: 'export', format: 'csv' }); });
  document.getElementById('export-json').addEventListener('click', function () { vscode.postMessage({ type: 'export', format: 'json' }); });

  window.addEventListener('message', function (event) {
    const m = event.data;
    if (!m || m.type !== 'results' || !Array.isArray(m.objects)) return;
    objects = m.objects;
    selected = -1;
    typeColour.clear();
    summary.textContent = m.summary + ' — POST ' + m.url;
    render();
  });
  vscode.postMessage({ type: 'ready' });
})();
