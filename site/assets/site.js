// termprobe site: what every page shares. Plain JS, no network. Loaded first;
// the page's own script (features.js, probes.js, compare.js) uses window.termprobe.
// Text is set with textContent and attributes, never parsed as HTML.
'use strict';
(function () {
  const tp = (window.termprobe = {});

  tp.el = function (tag, attrs, children) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    for (const c of children || []) if (c !== null && c !== undefined) e.append(c);
    return e;
  };

  // One folder down, a page's header leaves the navigation to this script (layout.ts siteScript): drawn first, before the page's own wiring.
  const header = document.querySelector('.site-header[data-nav]');
  if (header && window.termprobeNav && !header.querySelector('.site-nav')) {
    const root = document.body.dataset.root || '';
    header.append(tp.el('nav', { class: 'site-nav', 'aria-label': 'site' }, window.termprobeNav.map(function (e) {
      return tp.el('a', { href: root + e[0], 'aria-current': e[2] === header.dataset.nav ? 'page' : null }, [e[1]]);
    })));
  }

  /** Load a script of the site once (data loaded as needed); resolves when it has run. */
  const loading = {};
  tp.load = function (src) {
    if (!loading[src]) {
      loading[src] = new Promise(function (resolve, reject) {
        const s = document.createElement('script');
        s.src = (document.body.dataset.root || '') + src;
        s.onload = resolve;
        s.onerror = function () { reject(new Error('could not load ' + src)); };
        document.head.append(s);
      });
    }
    return loading[src];
  };

  /**
   * Search words and terminal names. A finished word (one followed by a space, or
   * every word once the search is committed with Enter) that names a terminal
   * becomes a chip showing only that terminal's column, and leaves the box; when
   * it is also a word of the texts searched ("screen", "kitty"), the chip offers
   * to search for the word instead, which puts it back quoted ("screen"): a
   * quoted word is always a search word. Every search word must occur in a row's
   * text, in any order.
   */
  tp.readWords = function (value, committed, terminals, isTextWord) {
    const raw = value.split(/\s+/).filter(Boolean);
    const open = !committed && !/\s$/.test(value) ? raw.length - 1 : -1;
    const terms = [];
    const picked = [];
    const ambiguous = [];
    const kept = [];
    raw.forEach(function (word, i) {
      const quoted = /^"[^"]+"$/.test(word);
      const w = (quoted ? word.slice(1, -1) : word).toLowerCase();
      const t = quoted || i === open ? -1 : terminals.findIndex(function (names) { return names.includes(w); });
      if (t >= 0) {
        picked.push(t);
        if (isTextWord(w)) ambiguous.push([t, w]);
        return;
      }
      kept.push(word);
      terms.push(w);
    });
    // The search box keeps every word but those that became chips.
    const rest = picked.length === 0 ? value : kept.join(' ') + (kept.length && /\s$/.test(value) ? ' ' : '');
    return { terms: terms, picked: picked, ambiguous: ambiguous, rest: rest };
  };

  /** Words that became chips but are also words of the texts, remembered until the terminals shown change, so each chip can offer them back. */
  tp.ambiguous = [];

  /** The chips of the terminals shown (when not all are), each removable; a chip whose word is also a text word offers to search for it instead. */
  tp.drawChips = function (box, boxes, search, onChange) {
    const shown = boxes.filter(function (b) { return b.checked; });
    tp.ambiguous = tp.ambiguous.filter(function (a) { return boxes[a[0]].checked; });
    const parts = [];
    if (shown.length < boxes.length && shown.length > 0) {
      parts.push(tp.el('span', { class: 'n' }, ['showing ']));
      for (const b of shown) {
        const x = tp.el('button', { type: 'button', class: 'chip', 'aria-label': 'stop showing only ' + b.dataset.label }, [b.dataset.label + ' ', tp.el('span', { 'aria-hidden': 'true' }, ['×'])]);
        x.addEventListener('click', function () {
          b.checked = false;
          if (!boxes.some(function (o) { return o.checked; })) for (const o of boxes) o.checked = true;
          onChange();
        });
        parts.push(x);
      }
      const all = tp.el('button', { type: 'button', class: 'chip all' }, ['all terminals']);
      all.addEventListener('click', function () { for (const o of boxes) o.checked = true; onChange(); });
      parts.push(all);
    }
    for (const a of tp.ambiguous) {
      const x = tp.el('button', { type: 'button', class: 'chip offer' }, ['search for the word “' + a[1] + '” instead']);
      x.addEventListener('click', function () {
        boxes[a[0]].checked = false;
        if (!boxes.some(function (o) { return o.checked; })) for (const o of boxes) o.checked = true;
        tp.ambiguous = tp.ambiguous.filter(function (o) { return o !== a; });
        search.value = (search.value.trim() + ' "' + a[1] + '"').trim() + ' ';
        onChange();
      });
      parts.push(x);
    }
    box.replaceChildren(...parts);
  };

  /** Show only these terminals (added to those a chip already shows). */
  tp.only = function (boxes, picked) {
    const all = boxes.every(function (b) { return b.checked; });
    boxes.forEach(function (b, i) {
      if (picked.includes(i)) b.checked = true;
      else if (all) b.checked = false;
    });
  };

  /**
   * Arrow keys in a table of cells: one cell is in the tab order at a time (the
   * last one focused), the arrows, Home, End, PageUp and PageDown move between the
   * visible cells, and the focused cell is scrolled into view clear of the
   * sticky header and column (their sizes are the cells' scroll margins).
   */
  tp.gridKeys = function (root, cellSelector, rowSelector, labelOf) {
    let current = null;
    // A cell in the tab order is named for screen readers (terminal, row, mark) when it is not a named link already.
    const name = function (cell) { if (cell && labelOf && !cell.hasAttribute('aria-label')) cell.setAttribute('aria-label', labelOf(cell)); };
    function visibleRows() {
      return Array.from(root.querySelectorAll(rowSelector)).filter(function (r) { return r.offsetParent !== null; });
    }
    function cellsOf(row) {
      return Array.from(row.querySelectorAll(cellSelector)).filter(function (c) { return c.offsetParent !== null; });
    }
    function focus(cell) {
      if (!cell) return;
      if (current && current !== cell) current.tabIndex = -1;
      current = cell;
      name(cell);
      cell.tabIndex = 0;
      cell.focus({ preventScroll: true });
      cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
    tp.gridFirst = function () { const rows = visibleRows(); return rows.length ? cellsOf(rows[0])[0] : null; };
    root.addEventListener('focusin', function (e) {
      const cell = e.target.closest(cellSelector);
      if (cell && root.contains(cell) && cell !== current) { if (current) current.tabIndex = -1; current = cell; name(cell); cell.tabIndex = 0; }
    });
    root.addEventListener('keydown', function (e) {
      const cell = e.target.closest && e.target.closest(cellSelector);
      if (!cell) return;
      const rows = visibleRows();
      const row = cell.closest(rowSelector);
      let r = rows.indexOf(row);
      let c = cellsOf(row).indexOf(cell);
      const page = Math.max(1, Math.floor((root.clientHeight || 400) / (cell.offsetHeight || 24)) - 2);
      switch (e.key) {
        case 'ArrowRight': c++; break;
        case 'ArrowLeft': c--; break;
        case 'ArrowDown': r++; break;
        case 'ArrowUp': r--; break;
        case 'PageDown': r += page; break;
        case 'PageUp': r -= page; break;
        case 'Home': if (e.ctrlKey) r = 0; c = 0; break;
        case 'End': if (e.ctrlKey) r = rows.length - 1; c = Infinity; break;
        default: return;
      }
      e.preventDefault();
      r = Math.max(0, Math.min(rows.length - 1, r));
      const cells = cellsOf(rows[r]);
      focus(cells[Math.max(0, Math.min(cells.length - 1, c))]);
    });
    return { first: function () { focus(tp.gridFirst()); }, reset: function (cell) { if (current) current.tabIndex = -1; current = cell; if (cell) { name(cell); cell.tabIndex = 0; } } };
  };

  // A command to copy (reproduce-command.ts reproBox) gets its button here: without the script there is nothing to press.
  for (const pre of document.querySelectorAll('.repro-box > pre[id]')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.copy = pre.id;
    button.textContent = 'copy';
    pre.before(button);
    setUpCopy(button);
  }
  // A terminal page's links to its compare page with each other terminal (terminal-page.ts compareWith).
  const terminalPages = window.termprobeTerminalPages || [];
  for (const nav of document.querySelectorAll('nav.compare-with[data-a]')) {
    const a = nav.dataset.a;
    for (const t of terminalPages) if (t[1] !== a) nav.append(tp.el('a', { href: (document.body.dataset.root || '') + 'compare.html#a=' + encodeURIComponent(a) + '&b=' + encodeURIComponent(t[1]) }, [t[0]]), ' ');
    nav.removeAttribute('hidden');
  }
  for (const table of document.querySelectorAll('table.facets')) setUpFacets(table);

  // A feature page's facet marks: a click or Enter on a mark opens that probe's page at that terminal's answer.
  function setUpFacets(table) {
    // Each terminal's name links to its page, found from the name (layout.ts siteScript, feature-page.ts).
    const pages = new Map(terminalPages);
    for (const a of table.querySelectorAll('tbody th a:not([href])')) if (pages.has(a.textContent)) a.setAttribute('href', (document.body.dataset.root || '') + 'terminals/' + pages.get(a.textContent) + '.html');
    // Each facet's probe: the page its item in the list below links to (feature-page.ts facetList), if any.
    const probes = Array.from(table.querySelectorAll('thead th.facet a')).map(function (a) {
      const item = document.getElementById(a.getAttribute('href').slice(1));
      const link = item && item.querySelector('a[href*="probes/"]');
      return link ? link.getAttribute('href').replace(/^.*\//, '').replace(/\.html$/, '') : '';
    });
    const first = table.querySelector('thead th.facet');
    if (!first) return;
    const offset = first.cellIndex;
    // Each terminal's name gets its id (t-<slug>) here, from its link, not from the page (feature-page.ts): a link to it
    // (a terminal page's, the overview's) is shown once the id exists.
    const slugOf = function (a) { return a.getAttribute('href').replace(/^.*\//, '').replace(/\.html$/, ''); };
    for (const a of table.querySelectorAll('tbody th a')) a.id = 't-' + slugOf(a);
    if (location.hash.length > 1) {
      const at = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (at && table.contains(at)) { at.classList.add('target'); at.closest('tr').classList.add('target'); at.scrollIntoView({ block: 'center' }); }
    }
    const target = function (td) {
      const probe = probes[td.cellIndex - offset];
      const name = td.closest('tr').querySelector('th a');
      return probe && name ? (document.body.dataset.root || '') + 'probes/' + probe + '.html#t-' + slugOf(name) : null;
    };
    // Each mark's class (its kind's colour) from its symbol: the table's data-kinds pairs them ("✓ ki ✗ kl …", feature-page.ts).
    const kinds = {};
    const pairs = (table.dataset.kinds || '').split(' ');
    for (let i = 0; i + 1 < pairs.length; i += 2) kinds[pairs[i]] = pairs[i + 1];
    for (const td of table.querySelectorAll('tbody td:nth-child(n+5)')) { if (kinds[td.textContent]) td.className = kinds[td.textContent]; td.title = 'open the evidence'; }
    // A facet's number says what it checks on hover: the words of its item in the list below the table (feature-page.ts).
    const heads = Array.from(table.querySelectorAll('thead th.facet a')).map(function (a) {
      const item = document.getElementById(a.getAttribute('href').slice(1));
      if (item && item.firstChild) a.title = item.firstChild.textContent.trim();
      return a.title;
    });
    const keys = tp.gridKeys(table, 'td:nth-child(n+5)', 'tbody tr', function (td) {
      return td.closest('tr').querySelector('th').textContent + ' · ' + (heads[td.cellIndex - offset] || 'facet') + ': ' + td.textContent;
    });
    keys.reset(table.querySelector('tbody td:nth-child(n+5)'));
    table.addEventListener('click', function (e) { const td = e.target.closest('td:nth-child(n+5)'); const to = td && target(td); if (to) location.href = to; });
    table.addEventListener('keydown', function (e) { const td = e.target.closest && e.target.closest('td:nth-child(n+5)'); if (td && e.key === 'Enter') { const to = target(td); if (to) location.href = to; } });
  }

  function setUpCopy(button) {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
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

  // Every deferred script has run by DOMContentLoaded: the page is wired. Tests (and anyone scripting the page) wait for this mark.
  function ready() { document.documentElement.dataset.ready = '1'; }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
