// termprobe site: compare.html draws any two terminals side by side from
// assets/probe-data.js (window.termprobeProbes): first the counts (probes both
// implement, one only, neither, and where their answers differ), then the probes
// where they answer differently, by category. The pair is in the address
// (#a=<terminal>&b=<terminal>, page names or short names). Text is set with
// textContent, never parsed as HTML.
'use strict';
(function () {
  const tp = window.termprobe;
  const data = window.termprobeProbes;
  const pickA = document.getElementById('cmp-a');
  const pickB = document.getElementById('cmp-b');
  if (!tp || !data || !pickA || !pickB) return;
  const el = tp.el;
  const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // A field of a probe's row (probe-data.ts): packed digits, a plain list, or the index of an earlier field it equals.
  const field = function (p, k) { let v = p[k]; while (typeof v === 'number') v = p[v]; return v; };
  const unpack = function (p, k) { const v = field(p, k); return typeof v === 'string' ? Array.from(v, function (ch) { return DIGITS.indexOf(ch); }) : v; };
  const rows = document.getElementById('cmp-rows');
  const meta = document.getElementById('cmp-meta');
  const summary = document.getElementById('cmp-summary');
  const counts = document.getElementById('cmp-counts');
  const title = document.getElementById('cmp-title');
  const crumb = document.querySelector('.crumbs [aria-current]');
  const kindIndex = {};
  data.kinds.forEach(function (k, i) { kindIndex[k[0]] = i; });
  // Each probe unpacked once: kinds, answers and answer groups per terminal.
  const cats = data.categories.map(function (cat) {
    return {
      name: cat.name,
      probes: cat.probes.map(function (p) {
        return { id: p[0].slice(p[0].indexOf('.') + 1), slug: p[1] || p[0], answers: p[7], kinds: unpack(p, 4), answer: unpack(p, 6), depth: unpack(p, 8), levels: [unpack(p, 9), unpack(p, 10), unpack(p, 11)] };
      }),
    };
  });

  function find(name) {
    if (!name) return -1;
    const i = data.terminals.findIndex(function (t) { return t.slug === name; });
    return i >= 0 ? i : data.terminals.findIndex(function (t) { return t.short === name; });
  }

  // Two answers differ when they differ at the deeper level both were read at.
  function differ(p, a, b) {
    const level = Math.min(p.depth[a], p.depth[b]);
    return p.levels[level][a] !== p.levels[level][b];
  }

  function cell(p, i) {
    const kind = data.kinds[p.kinds[i]];
    return el('td', { class: 'k-' + kind[0] }, [kind[1] + ' ' + p.answers[p.answer[i]]]);
  }

  function terminalLink(t) {
    return [el('a', { href: 'terminals/' + t.slug + '.html' }, [t.label]), ' (score ' + t.score + ', engine ' + t.engine + ')'];
  }

  const IMPLEMENTS = kindIndex.implements;
  const FAILS = [kindIndex.lacks, kindIndex.other, kindIndex.unexplained];

  function draw(a, b) {
    const ta = data.terminals[a];
    const tb = data.terminals[b];
    pickA.value = ta.slug;
    pickB.value = tb.slug;
    title.replaceChildren(ta.label + ' ', el('span', { class: 'subtitle' }, ['vs']), ' ' + tb.label);
    document.title = ta.label + ' vs ' + tb.label + ' · termprobe';
    if (crumb) crumb.textContent = ta.label + ' vs ' + tb.label;
    meta.replaceChildren(...terminalLink(ta), ' and ', ...terminalLink(tb), ' · ', el('a', { href: 'probes.html#t=' + encodeURIComponent(ta.slug) + ',' + encodeURIComponent(tb.slug) + '&differ=1' }, ['the same view in the table']));
    let count = 0;
    let both = 0;
    const tally = { both: 0, onlyA: 0, onlyB: 0, neither: 0, undecided: 0 };
    const parts = [];
    for (const cat of cats) {
      const trs = [];
      for (const p of cat.probes) {
        if (p.depth[a] === 3 || p.depth[b] === 3) continue;
        both++;
        const x = p.kinds[a];
        const y = p.kinds[b];
        if (x === IMPLEMENTS && y === IMPLEMENTS) tally.both++;
        else if (x === IMPLEMENTS && FAILS.includes(y)) tally.onlyA++;
        else if (y === IMPLEMENTS && FAILS.includes(x)) tally.onlyB++;
        else if (FAILS.includes(x) && FAILS.includes(y)) tally.neither++;
        else tally.undecided++;
        if (a === b || !differ(p, a, b)) continue;
        trs.push(el('tr', {}, [el('th', {}, [el('a', { href: 'probes/' + p.slug + '.html' }, [p.id])]), cell(p, a), cell(p, b)]));
      }
      if (trs.length === 0) continue;
      count += trs.length;
      const head = el('thead', {}, [el('tr', {}, [el('th', { scope: 'col' }, ['probe']), el('th', { scope: 'col' }, [ta.label]), el('th', { scope: 'col' }, [tb.label])])]);
      parts.push(el('h3', {}, [cat.name + ' ', el('span', { class: 'n' }, [String(trs.length)])]), el('div', { class: 'table-wrap' }, [el('table', { class: 'data pair' }, [head, el('tbody', {}, trs)])]));
    }
    const line = function (n, what) { return el('li', {}, [el('b', {}, [String(n)]), ' ' + what]); };
    counts.replaceChildren(el('ul', { class: 'cmp-counts' }, [
      line(tally.both, 'both implement'),
      line(tally.onlyA, 'only ' + ta.label + ' implements'),
      line(tally.onlyB, 'only ' + tb.label + ' implements'),
      line(tally.neither, 'neither implements'),
      line(count, 'answered differently (listed below)'),
      line(tally.undecided, 'undecided for one or both (no reply, screen not read…)'),
    ]));
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
