// termprobe site: index.html, the features overview. The search box finds
// features by name, alias, mnemonic or mode number (assets/feature-index.js, loaded
// on first use), lists the best matches and goes to the chosen feature's page; the
// grid below keeps only the matching features. A word naming a terminal becomes a
// chip that shows only that terminal's column. A cell tapped (or Enter on it)
// opens its notes (assets/feature-notes/<section>.js, loaded for that section).
'use strict';
(function () {
  const tp = window.termprobe;
  const gridEl = document.getElementById('fgrid');
  const input = document.getElementById('find');
  if (!tp || !gridEl || !input) return;
  const el = tp.el;
  const list = document.getElementById('find-list');
  const count = document.getElementById('find-count');
  const chips = document.getElementById('chips');
  const form = document.getElementById('find-form');
  const colBoxes = Array.from(form.querySelectorAll('input[data-col]'));
  const names = colBoxes.map(function (b) { return (b.dataset.names || '').split(' ').filter(Boolean); });
  const panel = document.getElementById('cell-panel');
  // Each cell's colour comes from its mark (the page carries the symbols alone), set as its section is drawn.
  const CLASS_OF = { '✓': 'y', '◐': 'p', '✗': 'n', '?': 'q' };
  function colour(body) { for (const td of body.querySelectorAll('td')) td.className = CLASS_OF[td.textContent] || ''; }
  // The first screen is drawn first (site.css leaves the rows past the first 30 out until the grid has the class `all`),
  // then one section a frame; the search, the arrow keys or a link into the grid draw the rest at once.
  const later = Array.from(gridEl.tBodies);
  colour(later[0]);
  function drawNext() {
    const b = later.shift();
    if (!b) return gridEl.classList.add('all');
    if (b !== gridEl.tBodies[0]) colour(b);
    b.classList.add('on');
    requestAnimationFrame(function () { setTimeout(drawNext, 0); });
  }
  function drawAll() {
    if (later.length === 0) return;
    for (const b of later.splice(0)) if (b !== gridEl.tBodies[0]) colour(b);
    gridEl.classList.add('all');
  }
  requestAnimationFrame(function () { setTimeout(drawNext, 0); });
  gridEl.addEventListener('keydown', drawAll, true);
  gridEl.addEventListener('focusin', drawAll);
  // A link to a section or a feature (#s-…, #f-…: the feature pages' breadcrumbs) needs its rows drawn to be scrolled to.
  function toTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!/^[sf]-/.test(id) || !gridEl.contains(document.getElementById(id))) return;
    if (later.length === 0) return;
    drawAll();
    document.getElementById(id).scrollIntoView();
  }
  toTarget();
  const rows = Array.from(gridEl.querySelectorAll('tbody tr:not(.sec)')).map(function (tr) {
    const a = tr.querySelector('th a');
    return { el: tr, slug: tr.id.slice(2), name: a.textContent, href: a.getAttribute('href'), names: a.textContent.toLowerCase(), text: a.textContent.toLowerCase(), section: tr.closest('tbody') };
  });
  const bySlug = new Map(rows.map(function (r) { return [r.slug, r]; }));
  const bodies = Array.from(gridEl.querySelectorAll('tbody'));
  let index = null;

  function loadIndex() {
    if (index) return;
    index = 'loading';
    tp.load('assets/feature-index.js').then(function () {
      const data = window.termprobeFeatureIndex;
      for (const f of data.features) { const r = bySlug.get(f[0]); if (r) { r.names = f[3]; r.text = f[3] + ' | ' + f[4]; } }
      index = data;
      textWords = null;
      apply(false);
    }, function () { index = null; });
  }

  let textWords = null;
  function isTextWord(w) {
    if (!textWords) {
      textWords = new Set();
      for (const r of rows) for (const x of r.text.split(/[^a-z0-9_]+/)) if (x) textWords.add(x);
    }
    return textWords.has(w);
  }

  /**
   * How well a feature matches: the whole query as its name or an alias first,
   * then a name or alias starting with it, then one holding it, then its name or
   * aliases holding every word, then anything (the mnemonics its probes send).
   */
  function rank(r, query, terms) {
    const names = r.names.split(' | ');
    if (names.includes(query)) return 0;
    if (names.some(function (f) { return f.startsWith(query); })) return 1;
    if (names.some(function (f) { return f.includes(query); })) return 2;
    if (terms.every(function (t) { return r.names.includes(t); })) return 3;
    return 4;
  }

  let active = -1;
  let matches = [];
  function showList(terms) {
    const query = terms.join(' ');
    matches = query ? rows.filter(function (r) { return !r.el.hidden; }).map(function (r, i) { return { r: r, rank: rank(r, query, terms), i: i }; }).sort(function (a, b) { return a.rank - b.rank || a.i - b.i; }).slice(0, 8).map(function (m) { return m.r; }) : [];
    active = matches.length > 0 ? 0 : -1;
    list.replaceChildren(...matches.map(function (r, i) {
      const li = el('li', { role: 'option', id: 'opt-' + i, 'aria-selected': i === active ? 'true' : 'false' }, [el('a', { href: r.href, tabindex: '-1' }, [r.name]), ' ', el('span', { class: 'n' }, [r.section.querySelector('h2 > span').firstChild.textContent.trim()])]);
      return li;
    }));
    list.hidden = matches.length === 0;
    input.setAttribute('aria-expanded', matches.length > 0 ? 'true' : 'false');
    if (active >= 0) input.setAttribute('aria-activedescendant', 'opt-' + active);
    else input.removeAttribute('aria-activedescendant');
  }
  function move(by) {
    if (matches.length === 0) return;
    active = (active + by + matches.length) % matches.length;
    Array.from(list.children).forEach(function (li, i) { li.setAttribute('aria-selected', i === active ? 'true' : 'false'); });
    input.setAttribute('aria-activedescendant', 'opt-' + active);
  }

  function apply(userAction, committed) {
    if (input.value.trim()) loadIndex();
    const words = tp.readWords(input.value, committed, names, isTextWord);
    if (words.terms.length > 0) drawAll();
    if (words.picked.length > 0) {
      tp.only(colBoxes, words.picked);
      tp.ambiguous = tp.ambiguous.concat(words.ambiguous);
      input.value = words.rest;
    }
    colBoxes.forEach(function (b, i) { gridEl.classList.toggle('hide-c' + i, !b.checked); });
    tp.drawChips(chips, colBoxes, input, function () { apply(true); });
    let shown = 0;
    for (const r of rows) {
      const show = words.terms.every(function (t) { return r.text.includes(t); });
      if (r.el.hidden === show) r.el.hidden = !show;
      if (show) shown++;
    }
    for (const b of bodies) {
      const any = b.querySelector('tr:not(.sec):not([hidden])') !== null;
      if (b.hidden === any) b.hidden = !any;
    }
    const cols = colBoxes.filter(function (b) { return b.checked; }).length;
    count.textContent = (shown === rows.length ? 'all ' + rows.length + ' features' : shown + ' of ' + rows.length + ' features') + (cols === colBoxes.length ? '' : ', ' + (cols === 1 ? colBoxes.find(function (b) { return b.checked; }).dataset.label : cols + ' terminals'));
    gridEl.classList.toggle('empty', shown === 0);
    showList(document.activeElement === input ? words.terms : []);
    if (userAction) writeState();
  }

  function writeState() {
    const p = new URLSearchParams();
    if (input.value.trim()) p.set('q', input.value.trim());
    if (colBoxes.some(function (b) { return !b.checked; })) p.set('t', colBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.slug; }).join(','));
    const hash = p.toString();
    history.replaceState(null, '', hash ? '#' + hash : location.pathname + location.search);
  }
  function readState() {
    const hash = location.hash.slice(1);
    if (!hash.includes('=')) return;
    const p = new URLSearchParams(hash);
    input.value = p.get('q') || '';
    for (const b of colBoxes) b.checked = true;
    if (p.has('t')) {
      const on = new Set(p.get('t').split(','));
      for (const b of colBoxes) b.checked = on.has(b.dataset.slug) || on.has(b.dataset.short);
    }
  }

  input.addEventListener('focus', function () { loadIndex(); apply(false); });
  input.addEventListener('input', function () { apply(true, false); });
  input.addEventListener('change', function () { apply(true, true); });
  input.addEventListener('blur', function () { setTimeout(function () { if (document.activeElement !== input) { list.hidden = true; input.setAttribute('aria-expanded', 'false'); } }, 150); });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowDown') { e.preventDefault(); move(1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); move(-1); }
    else if (e.key === 'Escape') { list.hidden = true; input.setAttribute('aria-expanded', 'false'); }
    else if (e.key === 'Enter') {
      e.preventDefault();
      const before = input.value;
      apply(true, true);
      // A word that became a chip only changes the view; otherwise Enter opens the feature chosen.
      if (input.value === before && active >= 0 && matches[active]) location.href = matches[active].href;
    }
  });
  list.addEventListener('mousedown', function (e) { e.preventDefault(); });
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  form.addEventListener('change', function (e) { if (e.target !== input) apply(true); });
  window.addEventListener('hashchange', function () { toTarget(); readState(); apply(false, true); });

  // The grid: arrow keys between cells, and a cell's notes on a tap or Enter.
  const terminalNames = colBoxes.map(function (b) { return b.dataset.label; });
  const WORDS = { y: 'supported', p: 'partial', n: 'not supported', q: 'not measured' };
  const cells = tp.gridKeys(gridEl, 'td', 'tbody tr:not(.sec)', function (td) {
    return terminalNames[td.cellIndex - 1] + ', ' + td.closest('tr').querySelector('th').textContent + ': ' + WORDS[td.className];
  });
  cells.reset(gridEl.querySelector('tbody td'));
  function openCell(td) {
    const tr = td.closest('tr');
    const col = td.cellIndex - 1;
    const slug = tr.id.slice(2);
    const section = tr.closest('tbody').dataset.section;
    const r = bySlug.get(slug);
    document.getElementById('cell-panel-h').textContent = terminalNames[col] + ' · ' + r.name + ': ' + td.textContent + ' ' + ({ y: 'supported', p: 'partial', n: 'not supported', q: 'not measured' })[td.className];
    const body = document.getElementById('cell-panel-body');
    body.replaceChildren(el('p', { class: 'n' }, ['loading the notes…']));
    document.getElementById('cell-panel-link').href = r.href + '#t-' + colBoxes[col].dataset.slug;
    panel.hidden = false;
    panel.dataset.for = slug + ':' + col;
    tp.load('assets/feature-notes/' + section + '.js').then(function () {
      const notes = window.termprobeFeatureNotes[section];
      const f = notes.features.find(function (x) { return x[0] === slug; });
      if (!f) return;
      const mark = f[1][col];
      const list = f[3][col] >= 0 ? f[2][f[3][col]] : [];
      const since = f[4] ? f[4][col] : 0;
      const parts = [];
      if (list.length > 0) parts.push(el('ol', { class: 'notes' }, list.map(function (n) { return el('li', {}, [n]); })));
      else parts.push(el('p', {}, [mark === 'y' ? 'Every facet measured works.' : mark === 'q' ? 'No probe decides it for this terminal.' : '']));
      if (since) parts.push(el('p', { class: 'n' }, [since]));
      body.replaceChildren(...parts);
    }, function () { body.replaceChildren(el('p', {}, ['The notes could not be loaded; the feature’s page has them.'])); });
  }
  gridEl.addEventListener('click', function (e) { const td = e.target.closest('td'); if (td) openCell(td); });
  gridEl.addEventListener('keydown', function (e) { if ((e.key === 'Enter' || e.key === ' ') && e.target.closest('td')) { e.preventDefault(); openCell(e.target.closest('td')); } });
  document.getElementById('cell-panel-close').addEventListener('click', function () { panel.hidden = true; });
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape' && !panel.hidden) panel.hidden = true; });

  readState();
  apply(false, true);
  if (input.value.trim()) writeState();
})();
