// termprobe site: a probe page's answers table, drawn from the page's own data
// (<script type="application/json" id="answers-data">, see probe-page.ts; screens drawn by
// assets/screen.js) and the
// terminals every probe page shares (the data at the head of this script as served). One row per distinct
// answer: the answer with its raw replies, screens and pictures folded under it,
// its mark and class, the terminals that gave it (each with an id, t-<slug>, so
// a link can point at one), and the reasons. Text is set with textContent; only
// http(s) sources become links.
'use strict';
(function () {
  const tp = window.termprobe;
  const box = document.getElementById('answers');
  const source = document.getElementById('answers-data');
  const terminals = window.termprobeTerminals;
  const registry = window.termprobeReasons || [];
  // A note said on an earlier page is its number in the shared data (probe-page.ts ReasonTable.say).
  const sayings = window.termprobeSayings || [];
  const said = function (t) { return typeof t === 'number' ? (sayings[t] === undefined ? '(a note not found)' : sayings[t]) : t; };
  if (!tp || !box || !source || !terminals) return;
  const el = tp.el;
  const data = JSON.parse(source.textContent);
  // The page's one-letter keys spelled out, and a group's empty class, screens, pictures and reasons, left out, made empty
  // (answers-keys.ts, probe-page.ts answersData); the count of terminals and the reference come from the shared table.
  data.groups = data.groups.map(function (g) { return { answer: g.a, received: g.r, kind: g.k, cls: g.c || '', terminals: g.t, raw: g.w, screens: g.s || [], pictures: g.p || [], reasons: g.y || [] }; });
  data.of = terminals.length;
  data.reference = (terminals.find(function (t) { return t[2]; }) || ['', ''])[1];
  // What every probe page says alike is said here, not in each page (probe-page.ts): the reference the classes are
  // against with the notation's link, the Bytes heading's note, and what the count of engines counts.
  const count = document.getElementById('answers-n');
  if (count) count.append('; classes against ' + data.reference + ' · ', el('a', { href: (document.body.dataset.root || '') + 'notation.html' }, ['how to read them']));
  const bytes = document.getElementById('bytes-h');
  if (bytes) bytes.append(' ', el('span', { class: 'n' }, ['and a printf that sends them (it clears the screen; the reply shows up as typed input)']));
  const engines = document.querySelector('.verdict-line.engines');
  if (engines) engines.title = 'engines, not packages: the front ends of one engine count once';
  const KINDS = [['implements', '✓'], ['lacks', '✗'], ['other, explained', '~'], ['other, unexplained', '~U'], ['inconclusive', '?'], ['not run', '-']];
  const KIND_CLASS = ['implements', 'lacks', 'other', 'unexplained', 'inconclusive', 'not-run'];
  const label = function (i) { return terminals[i][1]; };
  const names = function (list) { return list.map(label).join(', '); };
  const root = document.body.dataset.root || '';

  function shortSource(url) {
    const m = url.match(/^https:\/\/github\.com\/([^/]+\/[^/]+)\/blob\/([0-9a-f]{7,40}|[^/]+)\/(.+)$/);
    if (!m) return url;
    return m[1] + '@' + (/^[0-9a-f]{40}$/.test(m[2]) ? m[2].slice(0, 7) : m[2]) + ' ' + m[3];
  }
  function link(url) {
    let ok = false;
    try { ok = /^https?:\/\//i.test(url) && /^https?:$/.test(new URL(url).protocol); } catch (e) { ok = false; }
    return ok ? el('a', { href: url, rel: 'noopener noreferrer nofollow' }, [shortSource(url)]) : document.createTextNode(url);
  }

  function raw(blocks, group) {
    const whole = blocks.length === 1 && group.terminals.length > 1;
    const parts = blocks.map(function (b) {
      const who = b[0] ? names(b[0]) : whole ? 'all ' + group.terminals.length : names(group.terminals);
      const lines = b[1].map(function (x) {
        const l = [x[0], said(x[1])];
        if (l[0] === '!') return el('div', {}, [el('b', {}, [l[1]])]);
        if (l[0] === '') return el('div', {}, [l[1]]);
        if (l[0][0] === '#') return el('div', {}, [el('span', { class: 'n' }, [l[0].slice(1)]), ' ' + l[1]]);
        return el('div', {}, [el('span', { class: 'n' }, [l[0]]), ' ', l[1] === '' ? el('i', {}, ['no reply']) : el('code', { class: 'raw' }, [l[1]])]);
      });
      return el('div', { class: 'ev' }, [el('div', { class: 'n' }, [who])].concat(lines));
    });
    return el('details', { class: 'raw-replies' }, [el('summary', {}, ['raw'])].concat(parts));
  }

  function picture(p) {
    const t = terminals[p[0]];
    return el('figure', { class: 'picture' }, [
      el('figcaption', {}, [t[1] + ' ', el('span', { class: 'n' }, ['window after the probe, ' + p[1] + '×' + p[2] + ' px'])]),
      el('img', { loading: 'lazy', src: root + 'results/pictures/' + (p[3] ? (p[3].indexOf('/') < 0 ? t[0] + '/' : '') + p[3] : t[0] + '/' + data.probe) + '.png', width: String(p[1]), height: String(p[2]), alt: t[1] + ' after ' + data.probe + ': the terminal window, cropped to the probed region' }),
    ]);
  }
  function screens(group) {
    if (group.screens.length === 0 && group.pictures.length === 0) return null;
    const drew = new Set();
    const parts = [];
    for (const sc of group.screens) {
      parts.push(el('div', { class: 'screen-of', id: 'screen-' + terminals[sc[0][0]][0] }, [tp.screen(Object.assign({}, sc[1], { how: said(sc[1].how) }), names(sc[0]))]));
      for (const i of sc[0]) { drew.add(i); const p = group.pictures.find(function (x) { return x[0] === i; }); if (p) parts.push(picture(p)); }
    }
    for (const p of group.pictures) if (!drew.has(p[0])) parts.push(picture(p));
    const what = [group.screens.length > 0 ? 'screen' + (group.screens.length > 1 ? ' (' + group.screens.length + ')' : '') : '', group.pictures.length > 0 ? group.pictures.length + ' picture' + (group.pictures.length > 1 ? 's' : '') : ''].filter(Boolean).join(' · ');
    return el('details', { class: 'screens' }, [el('summary', {}, [what]), el('div', { class: 'screens' }, parts)]);
  }

  // A reason is a sentence of the page's own, a number into the registry's reasons (the shared data), or one an earlier answer gave.
  function reasons(group) {
    return group.reasons.map(function (r) {
      const who = r[0] ? el('span', { class: 'who' }, [names(r[0]) + ':']) : null;
      if (r[1] === null) return el('div', { class: 'why' }, [el('p', { class: 'reason' }, [who, who ? ' ' : null, el('span', { class: 'n' }, ['the same reason as for']), ' ', el('code', {}, [r[2]]), ' ', el('span', { class: 'n' }, ['above'])])]);
      if (typeof r[1] === 'string') return el('div', { class: 'why' }, [el('p', { class: 'reason' }, [who, who ? ' ' : null, r[1]])]);
      const entry = registry[r[1]];
      if (!entry) return el('div', { class: 'why' }, [el('p', { class: 'reason' }, [who, who ? ' ' : null, 'a registry reason (not found)'])]);
      if (entry.length === 1) return el('div', { class: 'why' }, [el('p', { class: 'reason' }, [who, who ? ' ' : null, entry[0]])]);
      return el('div', { class: 'why' }, [
        el('p', { class: 'reason' }, [who, who ? ' ' : null, entry[0]]),
        el('details', { class: 'sources' }, [el('summary', {}, ['sources (' + entry[1].length + ')']), el('ul', { class: 'evidence' }, entry[1].map(function (u) { return el('li', {}, [link(u)]); })), el('div', { class: 'n' }, [entry[2]])]),
      ]);
    });
  }

  // An input probe's answer: a printf that writes exactly the bytes the program received (folded like the raw replies:
  // the answer above it is the same bytes escaped, and a page of many answers stays short).
  function received(g) {
    if (g.received === undefined) return null;
    if (g.received === '') return el('p', { class: 'n' }, ['the program received nothing']);
    return el('details', { class: 'received' }, [el('summary', {}, ['printf']), el('div', { class: 'repro-box' }, [el('pre', { class: 'repro received' }, [g.received])])]);
  }

  const rows = data.groups.map(function (g) {
    const kind = KINDS[g.kind];
    const who = [];
    g.terminals.forEach(function (i, n) {
      if (n > 0) who.push(', ');
      who.push(el('span', { id: 't-' + terminals[i][0], class: 'term' }, [label(i)]));
      if (terminals[i][2]) who.push(' ', el('span', { class: 'n' }, ['(compared against)']));
    });
    return el('tr', {}, [
      el('th', { scope: 'row' }, [el('code', { class: 'raw' }, [g.answer]), received(g), raw(g.raw, g), screens(g)]),
      el('td', {}, [el('span', { class: 'mark k-' + KIND_CLASS[g.kind], 'aria-hidden': 'true' }, [kind[1]]), ' ' + kind[0], g.cls ? el('span', { class: 'n', title: g.cls + ' against ' + data.reference }, [' · ' + g.cls]) : null]),
      el('td', {}, [el('span', { class: 'n' }, [g.terminals.length + ' of ' + data.of + ': '])].concat(who)),
      el('td', {}, reasons(g)),
    ]);
  });
  const head = el('thead', {}, [el('tr', {}, ['answer and evidence', 'support · class', 'terminals', 'why'].map(function (h) { return el('th', { scope: 'col' }, [h]); }))]);
  // Many distinct answers (an input probe's mouse report, say, where each terminal sends its own): the first SHOWN
  // rows (the answers most terminals gave) and the others folded behind a button naming their terminals.
  const SHOWN = 8;
  const bodies = [el('tbody', {}, rows.slice(0, rows.length > SHOWN + 2 ? SHOWN : rows.length))];
  let unfold = function () {};
  if (rows.length > SHOWN + 2) {
    const folded = data.groups.slice(SHOWN);
    const more = el('tbody', { class: 'more-answers', hidden: '' }, rows.slice(SHOWN));
    const whose = [];
    folded.forEach(function (g) { g.terminals.forEach(function (i) { whose.push(label(i)); }); });
    const button = el('button', { type: 'button', class: 'more-answers' }, ['show the other ' + folded.length + ' answers']);
    const fold = el('tbody', { class: 'fold' }, [el('tr', {}, [el('td', { colspan: '4' }, [button, ' ', el('span', { class: 'n' }, ['(' + whose.length + ' of ' + data.of + ': ' + whose.join(', ') + ')'])])])]);
    unfold = function () { more.hidden = false; fold.remove(); };
    button.addEventListener('click', unfold);
    bodies.push(fold, more);
  }
  box.replaceChildren(el('table', { class: 'data stack answers' }, [head].concat(bodies)));
  // The page was opened at one terminal's answer (#t-<slug>): show it, now that it exists.
  if (location.hash.length > 1) {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.closest('tbody.more-answers')) unfold();
    if (target) { target.classList.add('target'); target.closest('tr').classList.add('target'); target.scrollIntoView({ block: 'center' }); }
  }
})();
