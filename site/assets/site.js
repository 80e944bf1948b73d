// termprobe site: the matrix filters and the copy buttons. Plain JS, no network.
// Filtering only flips `hidden` on rows and category sections and toggles one
// class per hidden terminal on the matrix (generated.css hides that column's
// cells); the tables are never rebuilt. Text is read with dataset/textContent, never
// written as HTML.
'use strict';
(function () {
  const matrix = document.getElementById('matrix');
  if (matrix) setUpFilters(matrix);
  for (const button of document.querySelectorAll('button[data-copy]')) setUpCopy(button);
  // Everything is wired: tests (and anyone scripting the page) wait for this mark.
  document.documentElement.dataset.ready = '1';

  function setUpFilters(matrix) {
    const form = document.getElementById('filters');
    const search = document.getElementById('filter-search');
    const disagree = document.getElementById('filter-disagree');
    const count = document.getElementById('filter-count');
    const catBoxes = Array.from(form.querySelectorAll('input[data-cat]'));
    const colBoxes = Array.from(form.querySelectorAll('input[data-col]'));
    const sections = Array.from(matrix.querySelectorAll('section.cat')).map(function (section) {
      return {
        el: section,
        cat: section.dataset.cat,
        heading: section.querySelector('.cat-head'),
        rows: Array.from(section.querySelectorAll('tr.probe')).map(function (tr) {
          return { el: tr, q: tr.dataset.q || '', k: (tr.dataset.k || '').split(' '), g: (tr.dataset.g || '').split(' ').map(function (t) { return t === '-1' ? null : t.split('/').map(Number); }) };
        }),
      };
    });
    const total = sections.reduce(function (n, s) { return n + s.rows.length; }, 0);
    // Sections off screen are not rendered (content-visibility): give each its exact
    // height from one measured row, so the scrollbar stays right as filters change.
    const sample = sections.find(function (s) { return s.rows.length > 0; });
    const rowHeight = sample ? sample.rows[0].el.getBoundingClientRect().height : 0;
    const headHeight = sample ? sample.heading.getBoundingClientRect().height : 0;

    // Two visible terminals that answered differently make a row disagree. Each cell is
    // [depth, group without screen, by screen text, by screen cells] (null: no answer);
    // a pair is compared at the deeper level both read, as the classifier compares it.
    function disagrees(answerGroups, cols) {
      for (let i = 0; i < cols.length; i++) {
        const a = answerGroups[cols[i]];
        if (!a) continue;
        for (let j = i + 1; j < cols.length; j++) {
          const b = answerGroups[cols[j]];
          if (!b) continue;
          const level = Math.min(a[0], b[0]);
          if (a[1 + level] !== b[1 + level]) return true;
        }
      }
      return false;
    }

    const markSelect = document.getElementById('filter-mark');
    const compareLink = document.getElementById('filter-compare');
    const wrap = matrix.closest('.matrix-wrap');
    const names = colBoxes.map(function (b) { return (b.dataset.names || '').split(' ').filter(Boolean); });

    // The search words that name a terminal (its name, target or page name) pick
    // columns; the rest must all occur in the probe's text (id, title, description,
    // spec, sequence mnemonics).
    function readSearch() {
      const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      const picked = new Set();
      const terms = [];
      for (const w of words) {
        let named = false;
        names.forEach(function (n, i) { if (n.includes(w)) { picked.add(i); named = true; } });
        if (!named) terms.push(w);
      }
      return { terms: terms, picked: picked };
    }

    function apply(userAction) {
      const query = readSearch();
      const terms = query.terms;
      const onlyDisagree = disagree.checked;
      const mark = markSelect ? markSelect.value : '';
      const cats = new Set(catBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.cat; }));
      const cols = [];
      colBoxes.forEach(function (box, i) {
        const on = box.checked && (query.picked.size === 0 || query.picked.has(i));
        matrix.classList.toggle('hide-c' + box.dataset.col, !on);
        if (on) cols.push(Number(box.dataset.col));
      });
      if (matrix.style.getPropertyValue('--cols') !== String(cols.length)) matrix.style.setProperty('--cols', String(cols.length));
      // Several words: when some probe holds them as a phrase ("decset 1049", "cursor
      // shape"), the phrase is what is searched for; otherwise every word, anywhere.
      const phrase = terms.join(' ');
      const asPhrase = terms.length > 1 && sections.some(function (s) { return s.rows.some(function (row) { return row.q.includes(phrase); }); });
      const matches = asPhrase ? function (q) { return q.includes(phrase); } : function (q) { return terms.every(function (t) { return q.includes(t); }); };
      let shown = 0;
      for (const s of sections) {
        let here = 0;
        const catOn = cats.has(s.cat);
        for (const row of s.rows) {
          const show = catOn && matches(row.q) && (!onlyDisagree || disagrees(row.g, cols)) && (!mark || hasMark(row, cols, mark));
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
      if (userAction) {
        if (wrap) wrap.scrollTop = 0;
        writeState();
      }
    }

    function hasMark(row, cols, mark) {
      for (const c of cols) if (row.k[c] === mark) return true;
      return false;
    }

    // The view lives in the address (index.html#q=…&t=…&differ=1), so it can be
    // shared and a reload shows it again. Anchors such as #cat-cursor are left alone.
    function writeState() {
      const p = new URLSearchParams();
      if (search.value.trim()) p.set('q', search.value.trim());
      if (disagree.checked) p.set('differ', '1');
      if (markSelect && markSelect.value) p.set('mark', markSelect.value);
      const offCats = catBoxes.filter(function (b) { return !b.checked; });
      if (offCats.length) p.set('cat', catBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.cat; }).join(','));
      const offCols = colBoxes.filter(function (b) { return !b.checked; });
      if (offCols.length) p.set('t', colBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.slug; }).join(','));
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
      if (p.has('t')) {
        const on = new Set(p.get('t').split(','));
        for (const b of colBoxes) b.checked = on.has(b.dataset.slug) || on.has(b.dataset.short);
      }
    }

    form.addEventListener('input', function () { apply(true); });
    form.addEventListener('change', function () { apply(true); });
    form.addEventListener('submit', function (e) { e.preventDefault(); });
    for (const button of form.querySelectorAll('button[data-toggle-all]')) {
      button.addEventListener('click', function () {
        const boxes = button.dataset.toggleAll === 'cat' ? catBoxes : colBoxes;
        const on = !boxes.every(function (b) { return b.checked; });
        for (const b of boxes) b.checked = on;
        apply(true);
      });
    }
    window.addEventListener('hashchange', function () { readState(); apply(false); });
    readState();
    // The category and terminal pickers start open where there is room, folded on a phone.
    const wide = window.matchMedia('(min-width: 44.01rem)').matches;
    for (const d of form.querySelectorAll('details[data-wide-open]')) d.open = wide;
    form.hidden = false;
    apply(false);
  }

  function setUpCopy(button) {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      const text = source.textContent;
      const done = function () { button.textContent = 'copied'; };
      const select = function () {
        const range = document.createRange();
        range.selectNodeContents(source);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        button.textContent = 'selected: press Ctrl+C';
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, select);
      else select();
    });
  }
})();
