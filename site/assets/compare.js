// termprobe site: compare.html draws any two terminals side by side from
// assets/compare-data.js (window.termprobeCompare), only the probes where they
// answer differently. The pair is in the address (#a=<terminal>&b=<terminal>,
// page names or short names). Text is set with textContent, never parsed as HTML.
'use strict';
(function () {
  const data = window.termprobeCompare;
  const pickA = document.getElementById('cmp-a');
  const pickB = document.getElementById('cmp-b');
  if (!data || !pickA || !pickB) return;
  const rows = document.getElementById('cmp-rows');
  const meta = document.getElementById('cmp-meta');
  const summary = document.getElementById('cmp-summary');
  const title = document.getElementById('cmp-title');
  const crumb = document.querySelector('.site-header [aria-current="page"]');

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    for (const c of children || []) e.append(c);
    return e;
  }

  function find(name) {
    if (!name) return -1;
    const i = data.terminals.findIndex(function (t) { return t.slug === name; });
    return i >= 0 ? i : data.terminals.findIndex(function (t) { return t.short === name; });
  }

  // Two answers differ when they differ at the deeper level both were read at (cells: [kind, answer, depth, none, text, cells]).
  function differ(x, y) {
    const level = Math.min(x[2], y[2]);
    return x[3 + level] !== y[3 + level];
  }

  function cell(probe, cells, i) {
    const kind = data.kinds[cells[0]];
    return el('td', { class: 'k-' + kind.kind }, [kind.mark + ' ' + probe.answers[cells[1]]]);
  }

  function terminalLink(t) {
    return [el('a', { href: 'terminals/' + t.slug + '.html' }, [t.label]), ' (score ' + t.score + ', engine ' + t.engine + ')'];
  }

  function draw(a, b) {
    const ta = data.terminals[a];
    const tb = data.terminals[b];
    pickA.value = ta.slug;
    pickB.value = tb.slug;
    title.replaceChildren(ta.label + ' ', el('span', { class: 'subtitle' }, ['vs']), ' ' + tb.label);
    document.title = ta.label + ' vs ' + tb.label + ' · termprobe';
    if (crumb) crumb.textContent = ta.label + ' vs ' + tb.label;
    meta.replaceChildren(...terminalLink(ta), ' and ', ...terminalLink(tb), ' · ', el('a', { href: 'index.html#t=' + encodeURIComponent(ta.slug) + ',' + encodeURIComponent(tb.slug) + '&differ=1' }, ['the same view in the table']));
    let count = 0;
    let both = 0;
    const parts = [];
    for (const cat of data.categories) {
      const trs = [];
      for (const p of cat.probes) {
        const x = p.cells[a];
        const y = p.cells[b];
        if (x.length < 6 || y.length < 6) continue;
        both++;
        if (a === b || !differ(x, y)) continue;
        trs.push(el('tr', {}, [el('th', {}, [el('a', { href: 'probes/' + p.slug + '.html' }, [p.id])]), cell(p, x), cell(p, y)]));
      }
      if (trs.length === 0) continue;
      count += trs.length;
      const head = el('thead', {}, [el('tr', {}, [el('th', { scope: 'col' }, ['probe']), el('th', { scope: 'col' }, [ta.label]), el('th', { scope: 'col' }, [tb.label])])]);
      parts.push(el('h3', {}, [cat.name + ' ', el('span', { class: 'n' }, [String(trs.length)])]), el('div', {}, [el('table', { class: 'data pair' }, [head, el('tbody', {}, trs)])]));
    }
    const said = a === b ? 'That is the same terminal twice: pick another.' : count === 0 ? 'They give the same answer on all ' + both + ' probes both ran.' : 'They answer differently on ' + count + ' of the ' + both + ' probes both ran.';
    summary.textContent = said + ' Answers are compared at the deepest level both terminals were read at (cursor and replies, then screen text, then cells); each side shows its support mark and its answer.';
    rows.replaceChildren(...parts);
  }

  function fromAddress() {
    const p = new URLSearchParams(location.hash.slice(1));
    const a = find(p.get('a'));
    const b = find(p.get('b'));
    draw(a >= 0 ? a : find(pickA.value), b >= 0 ? b : find(pickB.value));
  }

  function picked() {
    history.replaceState(null, '', '#a=' + encodeURIComponent(pickA.value) + '&b=' + encodeURIComponent(pickB.value));
    fromAddress();
  }

  pickA.addEventListener('change', picked);
  pickB.addEventListener('change', picked);
  document.getElementById('pair-pick').addEventListener('submit', function (e) { e.preventDefault(); });
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
})();
