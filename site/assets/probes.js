// termprobe site: probes.html draws every probe × terminal from
// assets/probe-data.js (window.termprobeProbes) and filters it. Filtering only flips
// `hidden` on rows and category sections and toggles one class per hidden terminal
// on the matrix (generated.css hides that column's cells); the tables are drawn once.
// The search matches every word in a probe's id, title, sequences, description or
// spec (the last two load with assets/probe-search.js on the first search); a word
// naming a terminal becomes a chip that shows only that terminal's column.
'use strict';
(function () {
  const tp = window.termprobe;
  const data = window.termprobeProbes;
  const matrix = document.getElementById('matrix');
  if (!tp || !data || !matrix) return;
  const el = tp.el;
  const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // A field of a probe's row (probe-data.ts): packed digits, a plain list, or the index of an earlier field it equals.
  // A probe's sequences and mnemonic words: two base-62 digits each, into data.words.
  const words = function (s) { const out = []; for (let i = 0; i < s.length; i += 2) out.push(data.words[DIGITS.indexOf(s[i]) * DIGITS.length + DIGITS.indexOf(s[i + 1])]); return out.join(' | '); };
  const field = function (p, k) { let v = p[k]; while (typeof v === 'number') v = p[v]; return v; };
  const unpack = function (p, k) { const v = field(p, k); return typeof v === 'string' ? Array.from(v, function (ch) { return DIGITS.indexOf(ch); }) : v; };
  const T = data.terminals;

  // The table: a sticky header table, then one section and table per category, all with one set of column widths.
  function colgroup() {
    return el('colgroup', {}, [el('col', { class: 'pcol' })].concat(T.map(function (_, i) { return el('col', { class: 'c' + i }); })));
  }
  const head = el('table', { class: 'm-head' }, [
    colgroup(),
    el('thead', {}, [
      el('tr', { class: 'heads' }, [el('th', { scope: 'col', class: 'corner' }, ['probe'])].concat(T.map(function (t, i) {
        return el('th', { scope: 'col', class: 'term c' + i + (i === data.reference ? ' ref' : '') }, [
          el('a', { href: 'terminals/' + t.slug + '.html', title: t.label + (i === data.reference ? ' (compared against)' : '') + ', engine ' + t.engine + ', identified by ' + t.how }, [
            el('span', { class: 't-name' }, [t.name]), ' ', el('span', { class: 't-ver' }, [t.version]), t.platform ? ' ' : null, t.platform ? el('span', { class: 't-os' }, [t.platform]) : null, ' ', el('span', { class: 't-how' }, [t.how]),
          ]),
        ]);
      }))),
      el('tr', { class: 'scores' }, [el('th', { scope: 'row' }, ['score'])].concat(T.map(function (t, i) { return el('td', { class: 'c' + i }, [t.score]); }))),
    ]),
  ]);
  const srHead = function () {
    return el('thead', { class: 'sr-head' }, [el('tr', {}, [el('th', { scope: 'col', class: 'pcol' }, [el('span', { class: 'sr-only' }, ['probe'])])].concat(T.map(function (t, i) { return el('th', { scope: 'col', class: 'c' + i }, [el('span', { class: 'sr-only' }, [t.label])]); })))]);
  };
  const sections = [];
  const all = [];
  const parts = [head];
  for (const cat of data.categories) {
    const tbody = el('tbody');
    const rows = [];
    for (const p of cat.probes) {
      const id = p[0];
      const slug = p[1] || id;
      const kinds = unpack(p, 4);
      const classes = unpack(p, 5);
      const answers = unpack(p, 6);
      const depth = unpack(p, 8);
      const levels = [unpack(p, 9), unpack(p, 10), unpack(p, 11)];
      const dot = id.indexOf('.');
      const link = el('a', { href: 'probes/' + slug + '.html' }, dot > 0 ? [el('span', { class: 'p-cat' }, [id.slice(0, dot + 1)]), id.slice(dot + 1)] : [id]);
      const tr = el('tr', { class: 'probe' }, [el('th', { scope: 'row' }, [link, el('span', { class: 'p-title' }, [p[2]])])]);
      T.forEach(function (t, i) {
        const kind = data.kinds[kinds[i]];
        const cls = data.classes[classes[i]];
        const against = cls && !/^= /.test(cls) ? ' · ' + cls : '';
        const differs = cls && !/^= /.test(cls) ? ' differs' : '';
        tr.append(el('td', { class: 'c' + i + ' k-' + kind[0] + differs }, [
          el('a', { href: 'probes/' + slug + '.html#t-' + t.slug, tabindex: '-1', 'aria-label': t.name + ': ' + kind[2], title: t.label + ': ' + kind[2] + against + ' · ' + p[7][answers[i]] }, [kind[1]]),
        ]));
      });
      tbody.append(tr);
      const row = {
        el: tr,
        index: all.length,
        q: (id + ' ' + p[2] + ' ' + words(p[3])).toLowerCase(),
        k: kinds.map(function (k) { return data.kinds[k][0]; }),
        g: depth.map(function (d, i) { return d === 3 ? null : [d, levels[0][i], levels[1][i], levels[2][i]]; }),
      };
      rows.push(row);
      all.push(row);
    }
    const h = el('h2', { class: 'cat-head', id: 'h-' + cat.slug }, [el('span', {}, [cat.name + ' ', el('span', { class: 'n' }, [cat.probes.length + ' probe' + (cat.probes.length === 1 ? '' : 's')])])]);
    const section = el('section', { class: 'cat', id: 'cat-' + cat.slug, 'data-cat': cat.slug, 'aria-labelledby': 'h-' + cat.slug }, [h, el('table', { 'aria-labelledby': 'h-' + cat.slug }, [colgroup(), srHead(), tbody])]);
    parts.push(section);
    sections.push({ el: section, cat: cat.slug, heading: h, rows: rows });
  }
  matrix.replaceChildren(...parts);
  const firstCell = matrix.querySelector('tr.probe td a');
  if (firstCell) { firstCell.id = 'first-cell'; firstCell.tabIndex = 0; }
  const grid = tp.gridKeys(matrix, 'td > a', 'tr.probe');
  grid.reset(firstCell);

  const form = document.getElementById('filters');
  const search = document.getElementById('filter-search');
  const disagree = document.getElementById('filter-disagree');
  const count = document.getElementById('filter-count');
  const chips = document.getElementById('chips');
  const markSelect = document.getElementById('filter-mark');
  const compareLink = document.getElementById('filter-compare');
  const wrap = matrix.closest('.matrix-wrap');
  const catBoxes = Array.from(form.querySelectorAll('input[data-cat]'));
  const colBoxes = Array.from(form.querySelectorAll('input[data-col]'));
  const names = colBoxes.map(function (b) { return (b.dataset.names || '').split(' ').filter(Boolean); });
  const total = all.length;
  // Sections off screen are not rendered (content-visibility): give each its exact
  // height from one measured row, so the scrollbar stays right as filters change.
  const sample = sections.find(function (s) { return s.rows.length > 0; });
  const rowHeight = sample ? sample.rows[0].el.getBoundingClientRect().height : 0;
  const headHeight = sample ? sample.heading.getBoundingClientRect().height : 0;

  // Every word of the texts searched, to tell a word that names a terminal from one a probe uses ("screen").
  let textWords = null;
  function isTextWord(w) {
    if (!textWords) {
      textWords = new Set();
      for (const r of all) for (const x of r.q.split(/[^a-z0-9_]+/)) if (x) textWords.add(x);
    }
    return textWords.has(w);
  }
  // Descriptions and specs load on the first search.
  let searchLoaded = false;
  function loadSearch() {
    if (searchLoaded) return;
    searchLoaded = true;
    tp.load('assets/probe-search.js').then(function () {
      const more = window.termprobeProbeSearch || [];
      all.forEach(function (r, i) { if (more[i]) r.q += ' ' + more[i]; });
      textWords = null;
      apply(false);
      document.documentElement.dataset.searchLoaded = '1';
    }, function () {});
  }

  // Two visible terminals that answered differently make a row disagree, compared at the deeper level both read.
  function disagrees(groups, cols) {
    for (let i = 0; i < cols.length; i++) {
      const a = groups[cols[i]];
      if (!a) continue;
      for (let j = i + 1; j < cols.length; j++) {
        const b = groups[cols[j]];
        if (!b) continue;
        const level = Math.min(a[0], b[0]);
        if (a[1 + level] !== b[1 + level]) return true;
      }
    }
    return false;
  }
  function hasMark(row, cols, mark) {
    for (const c of cols) if (row.k[c] === mark) return true;
    return false;
  }

  function apply(userAction, committed) {
    if (search.value.trim()) loadSearch();
    const words = tp.readWords(search.value, committed, names, isTextWord);
    if (words.picked.length > 0) {
      tp.only(colBoxes, words.picked);
      tp.ambiguous = tp.ambiguous.concat(words.ambiguous);
      search.value = words.rest;
    }
    const terms = words.terms;
    const onlyDisagree = disagree.checked;
    const mark = markSelect ? markSelect.value : '';
    const cats = new Set(catBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.cat; }));
    const cols = [];
    colBoxes.forEach(function (box) {
      matrix.classList.toggle('hide-c' + box.dataset.col, !box.checked);
      if (box.checked) cols.push(Number(box.dataset.col));
    });
    if (matrix.style.getPropertyValue('--cols') !== String(cols.length)) matrix.style.setProperty('--cols', String(cols.length));
    tp.drawChips(chips, colBoxes, search, function () { apply(true); });
    let shown = 0;
    for (const s of sections) {
      let here = 0;
      const catOn = cats.has(s.cat);
      for (const row of s.rows) {
        const show = catOn && terms.every(function (t) { return row.q.includes(t); }) && (!onlyDisagree || disagrees(row.g, cols)) && (!mark || hasMark(row, cols, mark));
        if (row.el.hidden === show) row.el.hidden = !show;
        if (show) here++;
      }
      if (s.el.hidden === (here > 0)) s.el.hidden = here === 0;
      const height = Math.ceil(headHeight + here * rowHeight) + 'px';
      if (rowHeight > 0 && s.el.style.containIntrinsicBlockSize !== height) s.el.style.containIntrinsicBlockSize = height;
      shown += here;
    }
    const which = cols.length === colBoxes.length ? '' : ' for ' + (cols.length === 1 ? colBoxes[cols[0]].dataset.label : cols.length + ' terminals');
    count.textContent = (shown === total ? 'all ' + total + ' probes shown' : shown + ' of ' + total + ' probes shown') + which;
    matrix.classList.toggle('empty', shown === 0);
    if (compareLink) {
      // One page shows any pair, named in the address (compare.html#a=kitty-0.26.5&b=xterm-379).
      const pair = cols.length === 2 ? 'compare.html#a=' + encodeURIComponent(colBoxes[cols[0]].dataset.slug) + '&b=' + encodeURIComponent(colBoxes[cols[1]].dataset.slug) : undefined;
      compareLink.hidden = !pair;
      if (pair) compareLink.href = pair;
    }
    const first = matrix.querySelector('tr.probe:not([hidden]) td:not([style]) > a');
    if (userAction) {
      if (wrap) wrap.scrollTop = 0;
      writeState();
    }
    if (first && !matrix.contains(document.activeElement)) grid.reset(first);
  }

  // The view lives in the address (probes.html#q=…&t=…&differ=1), so it can be
  // shared and a reload shows it again. Anchors such as #cat-cursor are left alone.
  function writeState() {
    const p = new URLSearchParams();
    if (search.value.trim()) p.set('q', search.value.trim());
    if (disagree.checked) p.set('differ', '1');
    if (markSelect && markSelect.value) p.set('mark', markSelect.value);
    if (catBoxes.some(function (b) { return !b.checked; })) p.set('cat', catBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.cat; }).join(','));
    if (colBoxes.some(function (b) { return !b.checked; })) p.set('t', colBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.slug; }).join(','));
    const hash = p.toString();
    history.replaceState(null, '', hash ? '#' + hash : location.pathname + location.search);
  }

  function readState() {
    const hash = location.hash.slice(1);
    if (!hash.includes('=')) return;
    const p = new URLSearchParams(hash);
    search.value = p.get('q') || '';
    disagree.checked = p.get('differ') === '1';
    if (markSelect) markSelect.value = Array.from(markSelect.options).some(function (o) { return o.value === p.get('mark'); }) ? p.get('mark') : '';
    if (p.has('cat')) {
      const on = new Set(p.get('cat').split(','));
      for (const b of catBoxes) b.checked = on.has(b.dataset.cat);
    }
    for (const b of colBoxes) b.checked = true;
    if (p.has('t')) {
      const on = new Set(p.get('t').split(','));
      for (const b of colBoxes) b.checked = on.has(b.dataset.slug) || on.has(b.dataset.short);
    }
  }

  form.addEventListener('input', function (e) { apply(true, false); });
  form.addEventListener('change', function (e) { apply(true, e.target === search); });
  form.addEventListener('submit', function (e) { e.preventDefault(); apply(true, true); });
  search.addEventListener('focus', loadSearch);
  for (const button of form.querySelectorAll('button[data-toggle-all]')) {
    button.addEventListener('click', function () {
      const boxes = button.dataset.toggleAll === 'cat' ? catBoxes : colBoxes;
      const on = !boxes.every(function (b) { return b.checked; });
      for (const b of boxes) b.checked = on;
      apply(true);
    });
  }
  window.addEventListener('hashchange', function () { readState(); apply(false, true); });
  readState();
  // The category and terminal pickers start open where there is room, folded on a phone.
  const wide = window.matchMedia('(min-width: 44.01rem)').matches;
  for (const d of form.querySelectorAll('details[data-wide-open]')) d.open = wide;
  form.hidden = false;
  apply(false, true);
  if (search.value.trim()) writeState();
})();
