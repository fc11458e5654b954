// @ts-check
// Map results view: sortable, filterable table and an x/z plot.
// Everything from the result is written with textContent / setAttribute (never innerHTML),
// so a value holding <script> or HTML shows as text. Runs under a strict CSP (no eval, no inline).
// Type-checked with its JSDoc types (tsconfig.scripts.json; acquireVsCodeApi is declared in client/webview.d.ts).
(function () {
  'use strict';

  /**
   * One map object as the extension sends it (run/map/mapRun.ts, MapObject).
   * @typedef {{ type: string, x: number, y: number, z: number, mapblock: { x: number, y: number, z: number }, mtime: number, attributes: Record<string, string> }} MapObject
   * @typedef {{ o: MapObject, i: number }} Row  a shown object and its index in the result
   */

  const vscode = acquireVsCodeApi();
  window.addEventListener('error', function (e) {
    vscode.postMessage({ type: 'log', text: 'error: ' + (e && e.message) });
  });
  const SVG = 'http://www.w3.org/2000/svg';
  const tbody = /** @type {HTMLTableSectionElement} */ (document.querySelector('#results tbody'));
  const filterInput = /** @type {HTMLInputElement} */ (document.getElementById('filter'));
  const summary = /** @type {HTMLElement} */ (document.getElementById('summary'));
  const empty = /** @type {HTMLElement} */ (document.getElementById('empty'));
  const plot = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('plot')));
  const legend = /** @type {HTMLElement} */ (document.getElementById('legend'));
  const PALETTE = [
    '#e6194b',
    '#3cb44b',
    '#4363d8',
    '#f58231',
    '#911eb4',
    '#42d4f4',
    '#f032e6',
    '#9a6324',
    '#800000',
    '#469990',
    '#808000',
    '#000075',
  ];
  /** Plot size and padding (SVG units). */
  const W = 480,
    H = 360,
    P = 36;

  /** @type {MapObject[]} */
  let objects = [];
  let sortKey = 'type';
  let sortDir = 1;
  let filter = '';
  let selected = -1;

  /**
   * @param {string} tag
   * @param {unknown} [text]
   * @param {string} [cls]
   */
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  /** @param {unknown} n */
  function fmtNum(n) {
    return typeof n === 'number' && isFinite(n) ? String(n) : '?';
  }
  /** @param {unknown} t */
  function mtimeText(t) {
    if (typeof t !== 'number' || !isFinite(t)) return '';
    const d = new Date(t > 1e11 ? t : t * 1000); // Unix seconds (the real server); tolerate ms
    return isNaN(d.getTime()) ? '' : d.toLocaleString();
  }
  /**
   * What an attribute value means, as the map server computes it (mapobject/*.go).
   * @type {Record<string, string>}
   */
  const ATTRIBUTE_HINTS = {
    'bones.item_count': "Number of items inside: every stack's count added up (not the number of stacks)",
    'atm.type': 'atm, atm2, atm3 (ATMs) or wiretransfer (wire-transfer terminal)',
  };
  /** @param {unknown} t */
  function mtimeTitle(t) {
    if (typeof t !== 'number' || !isFinite(t)) return '';
    return 'Indexed by the map server at Unix time ' + t + ' (when it last parsed this map block), not when the object was placed';
  }
  /** @param {Record<string, string> | undefined} a */
  function attrText(a) {
    const attrs = a || {};
    return Object.keys(attrs)
      .sort()
      .map(function (k) {
        return k + '=' + attrs[k];
      })
      .join(', ');
  }
  /** @param {MapObject} o */
  function rowText(o) {
    return [
      o.type,
      fmtNum(o.x),
      fmtNum(o.y),
      fmtNum(o.z),
      fmtNum(o.mapblock.x),
      fmtNum(o.mapblock.y),
      fmtNum(o.mapblock.z),
      mtimeText(o.mtime),
      attrText(o.attributes),
    ]
      .join(' ')
      .toLowerCase();
  }
  /**
   * @param {MapObject} o
   * @param {string} key
   * @returns {Array<string | number>}
   */
  function sortValue(o, key) {
    switch (key) {
      case 'pos':
        return [o.x, o.z, o.y];
      case 'mapblock':
        return [o.mapblock.x, o.mapblock.z, o.mapblock.y];
      case 'mtime':
        return [o.mtime];
      case 'attributes':
        return [attrText(o.attributes)];
      default:
        return [o.type];
    }
  }
  /**
   * @param {MapObject} a
   * @param {MapObject} b
   */
  function compare(a, b) {
    const va = sortValue(a, sortKey);
    const vb = sortValue(b, sortKey);
    for (let i = 0; i < va.length; i++) {
      if (va[i] < vb[i]) return -sortDir;
      if (va[i] > vb[i]) return sortDir;
    }
    return 0;
  }
  /** The objects the filter lets through, sorted. @returns {Row[]} */
  function visible() {
    const f = filter.trim().toLowerCase();
    const rows = objects
      .map(function (o, i) {
        return { o: o, i: i };
      })
      .filter(function (r) {
        return !f || rowText(r.o).indexOf(f) >= 0;
      });
    rows.sort(function (a, b) {
      return compare(a.o, b.o);
    });
    return rows;
  }
  /** @type {Map<string, string>} */
  const typeColour = new Map();
  /** @param {string} type */
  function colour(type) {
    if (!typeColour.has(type)) typeColour.set(type, PALETTE[typeColour.size % PALETTE.length]);
    return /** @type {string} */ (typeColour.get(type));
  }
  /** A colour swatch and a text, for the type column and the legend. @param {string} type */
  function swatched(type) {
    const swatch = el('span', '', 'swatch');
    swatch.style.backgroundColor = colour(type);
    return [swatch, document.createTextNode(type)];
  }

  /** @param {MapObject} o */
  function attributesCell(o) {
    const attrs = el('td', undefined, 'attrs');
    for (const k of Object.keys(o.attributes || {}).sort()) {
      const item = el('span', undefined, 'attr');
      item.append(el('b', k), document.createTextNode(' ' + o.attributes[k]));
      const hint = ATTRIBUTE_HINTS[o.type + '.' + k];
      if (hint) item.title = hint;
      attrs.append(item);
    }
    return attrs;
  }

  /** @param {Row} r */
  function tableRow(r) {
    const o = r.o;
    const tr = document.createElement('tr');
    tr.dataset.index = String(r.i);
    if (r.i === selected) tr.className = 'selected';
    const typeCell = el('td');
    typeCell.append(...swatched(o.type));
    const mtimeCell = el('td', mtimeText(o.mtime));
    mtimeCell.title = mtimeTitle(o.mtime);
    tr.append(
      typeCell,
      el('td', fmtNum(o.x) + ', ' + fmtNum(o.y) + ', ' + fmtNum(o.z), 'num'),
      el('td', fmtNum(o.mapblock.x) + ', ' + fmtNum(o.mapblock.y) + ', ' + fmtNum(o.mapblock.z), 'num'),
      mtimeCell,
      attributesCell(o),
    );
    tr.addEventListener('click', function () {
      select(r.i);
    });
    return tr;
  }

  /** @param {Row[]} rows */
  function renderTable(rows) {
    tbody.replaceChildren(...rows.map(tableRow));
    empty.hidden = rows.length > 0;
  }

  /**
   * The x and z range of the points, widened when all share one value.
   * @param {Row[]} pts
   */
  function plotBounds(pts) {
    let minX = Infinity,
      maxX = -Infinity,
      minZ = Infinity,
      maxZ = -Infinity;
    for (const r of pts) {
      minX = Math.min(minX, r.o.x);
      maxX = Math.max(maxX, r.o.x);
      minZ = Math.min(minZ, r.o.z);
      maxZ = Math.max(maxZ, r.o.z);
    }
    if (minX === maxX) {
      minX -= 8;
      maxX += 8;
    }
    if (minZ === maxZ) {
      minZ -= 8;
      maxZ += 8;
    }
    return { minX: minX, maxX: maxX, minZ: minZ, maxZ: maxZ };
  }

  /**
   * @param {string} tag
   * @param {Record<string, string>} attributes
   */
  function svg(tag, attributes) {
    const node = document.createElementNS(SVG, tag);
    for (const name of Object.keys(attributes)) node.setAttribute(name, attributes[name]);
    return node;
  }

  /** The frame and the axis labels. @param {{ minX: number, maxX: number, minZ: number, maxZ: number }} b */
  function plotFrame(b) {
    plot.append(svg('rect', { x: String(P), y: String(P), width: String(W - 2 * P), height: String(H - 2 * P), class: 'frame' }));
    /**
     * @param {number} x
     * @param {number} y
     * @param {string} text
     * @param {string} anchor
     */
    const label = function (x, y, text, anchor) {
      const t = svg('text', { x: String(x), y: String(y), 'text-anchor': anchor, class: 'axis' });
      t.textContent = text;
      plot.append(t);
    };
    label(P, H - P + 16, 'x ' + b.minX, 'start');
    label(W - P, H - P + 16, 'x ' + b.maxX, 'end');
    label(P - 4, H - P, 'z ' + b.minZ, 'end');
    label(P - 4, P + 10, 'z ' + b.maxZ, 'end');
  }

  /**
   * One object as a point, north (+z) up.
   * @param {Row} r
   * @param {{ minX: number, maxX: number, minZ: number, maxZ: number }} b
   */
  function plotPoint(r, b) {
    const sx = P + ((r.o.x - b.minX) / (b.maxX - b.minX)) * (W - 2 * P);
    const sz = H - P - ((r.o.z - b.minZ) / (b.maxZ - b.minZ)) * (H - 2 * P);
    const c = svg('circle', {
      cx: sx.toFixed(1),
      cy: sz.toFixed(1),
      r: r.i === selected ? '7' : '4.5',
      fill: colour(r.o.type),
      class: r.i === selected ? 'point selected' : 'point',
    });
    const title = document.createElementNS(SVG, 'title');
    title.textContent =
      r.o.type +
      ' at ' +
      fmtNum(r.o.x) +
      ', ' +
      fmtNum(r.o.y) +
      ', ' +
      fmtNum(r.o.z) +
      (attrText(r.o.attributes) ? ' — ' + attrText(r.o.attributes) : '');
    c.append(title);
    c.addEventListener('click', function () {
      select(r.i);
    });
    return c;
  }

  function renderLegend() {
    for (const type of typeColour.keys()) {
      const item = el('span', undefined, 'legend-item');
      item.append(...swatched(type));
      legend.append(item);
    }
  }

  /** @param {Row[]} rows */
  function renderPlot(rows) {
    plot.replaceChildren();
    legend.replaceChildren();
    const pts = rows.filter(function (r) {
      return isFinite(r.o.x) && isFinite(r.o.z);
    });
    plot.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    if (!pts.length) return;
    const bounds = plotBounds(pts);
    plotFrame(bounds);
    for (const r of pts) plot.append(plotPoint(r, bounds));
    renderLegend();
  }

  function render() {
    const rows = visible();
    renderTable(rows);
    renderPlot(rows);
    // Tell the extension what is on screen (used by the end-to-end tests and the log).
    vscode.postMessage({
      type: 'rendered',
      rows: tbody.rows.length,
      points: plot.querySelectorAll('circle').length,
      sortKey: sortKey,
      sortDir: sortDir,
      filter: filter,
    });
    for (const th of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('th[data-key]'))) {
      th.setAttribute('aria-sort', th.dataset.key === sortKey ? (sortDir > 0 ? 'ascending' : 'descending') : 'none');
    }
  }

  /** @param {number} i */
  function select(i) {
    selected = selected === i ? -1 : i;
    render();
    const row = /** @type {HTMLElement | null} */ (tbody.querySelector('tr[data-index="' + i + '"]'));
    if (row && selected === i) row.scrollIntoView({ block: 'nearest' });
  }

  /** Click or Enter/Space on a column header sorts by it (again: the other way). */
  function listenToHeaders() {
    for (const th of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('th[data-key]'))) {
      th.tabIndex = 0;
      const sortBy = function () {
        if (sortKey === th.dataset.key) sortDir = -sortDir;
        else {
          sortKey = /** @type {string} */ (th.dataset.key);
          sortDir = 1;
        }
        render();
      };
      th.addEventListener('click', sortBy);
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          sortBy();
        }
      });
    }
  }

  function listenToControls() {
    filterInput.addEventListener('input', function () {
      filter = filterInput.value;
      render();
    });
    /** @type {HTMLElement} */ (document.getElementById('export-csv')).addEventListener('click', function () {
      vscode.postMessage({ type: 'export', format: 'csv' });
    });
    /** @type {HTMLElement} */ (document.getElementById('export-json')).addEventListener('click', function () {
      vscode.postMessage({ type: 'export', format: 'json' });
    });
  }

  /** The extension sends `{ type: 'results', objects, summary, url }` for every run shown here. */
  function listenToExtension() {
    window.addEventListener('message', function (event) {
      const m = event.data;
      if (!m || m.type !== 'results' || !Array.isArray(m.objects)) return;
      objects = m.objects;
      selected = -1;
      typeColour.clear();
      summary.textContent = m.summary + ' — POST ' + m.url;
      render();
    });
  }

  listenToHeaders();
  listenToControls();
  listenToExtension();
  vscode.postMessage({ type: 'ready' });
})();
