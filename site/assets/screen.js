// termprobe site: a screen drawn from data (screen-grid.ts screenData), for the
// probe pages' answers and the sessions pages: one table cell per terminal
// cell, a run of blank cells of one style as one; a cell is its text when it is
// a plain one-column cell, else [text, width, classes, run] (classes "diff" on
// a sessions page: the cell differs from the first screen; run 0: one cell per
// character of text, each with those classes). Text is set with textContent.
'use strict';
(function () {
  const tp = window.termprobe;
  if (!tp) return;
  const el = tp.el;
  // The default colours' classes, left out of the data (screen-grid.ts SCREEN_DEFAULT_BASE).
  const DEFAULT_BASE = 'f-111111 g-ffffff';
  function points(t) { return Array.from(t, function (ch) { return 'U+' + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0'); }).join(' '); }
  // A sequence (run 0): one one-column cell per character, with the sequence's classes.
  function cells(r) {
    const out = [];
    for (const c of r) {
      if (typeof c === 'string' || c[3] !== 0) out.push(c);
      else for (const ch of c[0]) out.push(c[2] ? [ch, 1, c[2], 1] : ch);
    }
    return out;
  }
  tp.screen = function (s, caption) {
    s = Object.assign({}, s, { rows: s.rows.map(cells) });
    let width = 0;
    for (const r of s.rows) width = Math.max(width, r.reduce(function (n, c) { return n + (typeof c === 'string' ? 1 : c[1] === 2 ? 2 : c[3] || 1); }, 0));
    const colNums = [el('td', { class: 'colnum' })];
    for (let i = 0; i < width; i++) colNums.push(el('td', { class: 'colnum' }, [String(s.left + i)]));
    const rows = s.rows.map(function (r, i) {
      return el('tr', {}, [el('th', { class: 'rownum', scope: 'row' }, [String(s.top + i)])].concat(r.map(function (c) {
        if (typeof c === 'string') return el('td', /^[\x20-\x7e]$/.test(c) ? {} : { title: points(c) || 'empty' }, [c]);
        const cls = [c[2], c[1] === 2 ? 'w2' : '', c[3] > 1 ? 'run' : ''].filter(Boolean).join(' ');
        const span = c[1] === 2 ? 2 : c[3];
        const what = [points(c[0]) || 'empty', c[1] === 2 ? 'wide' : '', c[2]].filter(Boolean).join(' · ');
        return el('td', { class: cls || null, colspan: span > 1 ? String(span) : null, title: (c[3] > 1 ? c[3] + ' × ' : '') + what }, [c[3] > 1 ? c[0].repeat(c[3]) : c[0]]);
      })));
    });
    const table = el('table', { class: 'screen ' + (s.base || DEFAULT_BASE) }, [el('colgroup', {}, [el('col'), el('col', { span: String(Math.max(1, width)), class: 'cell' })]), el('tr', {}, colNums)].concat(rows));
    return el('figure', {}, [el('figcaption', {}, [caption + ' ', el('span', { class: 'n' }, [s.how])]), table]);
  };
})();
