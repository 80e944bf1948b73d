// termprobe site: the matrix filters and the copy buttons. Plain JS, no network.
// Filtering only flips `hidden` on rows and category groups and toggles one class
// per hidden terminal on the table (generated.css hides that column's cells);
// the table is never rebuilt. Text is read with dataset/textContent, never
// written as HTML.
'use strict';
(function () {
  const matrix = document.getElementById('matrix');
  if (matrix) setUpFilters(matrix);
  for (const button of document.querySelectorAll('button[data-copy]')) setUpCopy(button);

  function setUpFilters(table) {
    const form = document.getElementById('filters');
    const search = document.getElementById('filter-search');
    const disagree = document.getElementById('filter-disagree');
    const count = document.getElementById('filter-count');
    const catBoxes = Array.from(form.querySelectorAll('input[data-cat]'));
    const colBoxes = Array.from(form.querySelectorAll('input[data-col]'));
    const groups = Array.from(table.tBodies).map(function (tbody) {
      return {
        el: tbody,
        cat: tbody.dataset.cat,
        rows: Array.from(tbody.querySelectorAll('tr.probe')).map(function (tr) {
          return { el: tr, q: tr.dataset.q || '', g: (tr.dataset.g || '').split(' ').map(Number) };
        }),
      };
    });
    const total = groups.reduce(function (n, grp) { return n + grp.rows.length; }, 0);

    // Two visible terminals that answered differently (-1: no answer) make a row disagree.
    function disagrees(answerGroups, cols) {
      let first = -1;
      for (const c of cols) {
        const g = answerGroups[c];
        if (g === undefined || g < 0) continue;
        if (first < 0) first = g;
        else if (g !== first) return true;
      }
      return false;
    }

    function apply() {
      const terms = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      const onlyDisagree = disagree.checked;
      const cats = new Set(catBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.dataset.cat; }));
      const cols = [];
      for (const box of colBoxes) {
        table.classList.toggle('hide-c' + box.dataset.col, !box.checked);
        if (box.checked) cols.push(Number(box.dataset.col));
      }
      let shown = 0;
      for (const grp of groups) {
        let any = false;
        const catOn = cats.has(grp.cat);
        for (const row of grp.rows) {
          const show = catOn && terms.every(function (t) { return row.q.includes(t); }) && (!onlyDisagree || disagrees(row.g, cols));
          if (row.el.hidden === show) row.el.hidden = !show;
          if (show) { any = true; shown++; }
        }
        if (grp.el.hidden === any) grp.el.hidden = !any;
      }
      count.textContent = shown === total ? 'all ' + total + ' probes shown' : shown + ' of ' + total + ' probes shown';
      table.classList.toggle('empty', shown === 0);
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
