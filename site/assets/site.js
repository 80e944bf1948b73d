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
          return { el: tr, q: tr.dataset.q || '', g: (tr.dataset.g || '').split(' ').map(function (t) { return t === '-1' ? null : t.split('/').map(Number); }) };
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

    function apply() {
      const terms = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      const onlyDisagree = disagree.checked;
      const cats = new Set(catBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.cat; }));
      const cols = [];
      for (const box of colBoxes) {
        matrix.classList.toggle('hide-c' + box.dataset.col, !box.checked);
        if (box.checked) cols.push(Number(box.dataset.col));
      }
      if (matrix.style.getPropertyValue('--cols') !== String(cols.length)) matrix.style.setProperty('--cols', String(cols.length));
      let shown = 0;
      for (const s of sections) {
        let here = 0;
        const catOn = cats.has(s.cat);
        for (const row of s.rows) {
          const show = catOn && terms.every(function (t) { return row.q.includes(t); }) && (!onlyDisagree || disagrees(row.g, cols));
          if (row.el.hidden === show) row.el.hidden = !show;
          if (show) here++;
        }
        if (s.el.hidden === (here > 0)) s.el.hidden = here === 0;
        const height = Math.ceil(headHeight + here * rowHeight) + 'px';
        if (rowHeight > 0 && s.el.style.containIntrinsicBlockSize !== height) s.el.style.containIntrinsicBlockSize = height;
        shown += here;
      }
      count.textContent = shown === total ? 'all ' + total + ' probes shown' : shown + ' of ' + total + ' probes shown';
      matrix.classList.toggle('empty', shown === 0);
    }

    form.addEventListener('input', apply);
    form.addEventListener('change', apply);
    form.addEventListener('submit', function (e) { e.preventDefault(); });
    for (const button of form.querySelectorAll('button[data-toggle-all]')) {
      button.addEventListener('click', function () {
        const boxes = button.dataset.toggleAll === 'cat' ? catBoxes : colBoxes;
        const on = !boxes.every(function (b) { return b.checked; });
        for (const b of boxes) b.checked = on;
        apply();
      });
    }
    form.hidden = false;
    apply();
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
