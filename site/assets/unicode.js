// termprobe site: a Unicode drill-down page's table of disagreeing items, drawn
// from the page's own data (<script type="application/json" id="items-data">,
// see unicode-items-data.ts) and the names and blocks every Unicode page shares
// (assets/unicode-names.js). One row per item or run of consecutive code points
// that disagree alike: code points, text, name, block, kind, version, pass,
// specified, drawn, and a printf that shows the first (made here from its text
// and pass, byte for byte as item-printf.ts makes it). Text is set with textContent.
'use strict';
(function () {
  const tp = window.termprobe;
  const box = document.getElementById('items');
  const source = document.getElementById('items-data');
  const shared = window.termprobeUnicode;
  if (!tp || !box || !source || !shared) return;
  const el = tp.el;
  const rows = JSON.parse(source.textContent);

  const points = function (id) {
    const body = id.slice(id.indexOf(':') + 1);
    return /^[0-9A-F]{4,6}(-[0-9A-F]{4,6})*$/.test(body) ? body.split('-') : [];
  };
  const codes = function (id) { return id.slice(id.indexOf(':') + 1).split('-').map(function (h) { return 'U+' + h; }).join(' '); };
  // Name and block of an item's code points (joined for a sequence); none when one is not in the table (names are never guessed).
  function names(id) {
    const infos = points(id).map(function (h) { return shared.names[h]; });
    if (infos.length === 0 || infos.some(function (i) { return i === undefined; })) return { name: '', block: '' };
    const blocks = [];
    for (const i of infos) { const b = shared.blocks[i[1]]; if (blocks.indexOf(b) < 0) blocks.push(b); }
    return { name: infos.map(function (i) { return i[0]; }).join(' + '), block: blocks.join(', ') };
  }
  // A text the row leaves to the id (unicode-items-data.ts ItemRow): 0, its code points; 1, "a" and them.
  function textOf(t, id) {
    if (typeof t !== 'number') return t;
    return (t === 1 ? 'a' : '') + points(id).map(function (h) { return String.fromCodePoint(parseInt(h, 16)); }).join('');
  }
  function printf(text, pass) {
    const bytes = new TextEncoder().encode('\x1b[?2027' + (pass === 'on' ? 'h' : 'l') + '\x1b[2J\x1b[H' + text + '\x1b[6n');
    let body = '';
    for (const b of bytes) {
      if (b === 0x25) body += '%%';
      else if (b === 0x5c) body += '\\\\';
      else if (b === 0x27) body += '\\047';
      else if (b >= 0x20 && b < 0x7f) body += String.fromCharCode(b);
      else body += '\\' + b.toString(8).padStart(3, '0');
    }
    return "printf '" + body + "'";
  }

  const body = rows.map(function (r) {
    const id = r[0], count = r[2], language = r[9];
    const category = id.slice(0, id.indexOf(':'));
    // The last id's category is the first's: the row gives its code points only.
    const last = r[1] && r[1].indexOf(':') < 0 ? category + ':' + r[1] : r[1];
    const text = textOf(r[3], id), lastText = textOf(r[4], last);
    const where = category === 'language' ? [el('code', {}, [id])] : [el('code', {}, [codes(id)])].concat(count > 1 ? ['–', el('code', {}, [codes(last)]), ' ', el('span', { class: 'n' }, ['(' + count + ')'])] : []);
    const n = category === 'language' ? { name: language, block: 'a line of text' } : names(id);
    const lastName = count > 1 && category !== 'language' ? names(last).name : null;
    return el('tr', {}, [
      el('td', {}, where),
      el('td', { class: 'glyph' }, [text + (count > 1 ? '…' + lastText : '')]),
      el('td', {}, [n.name + (lastName !== null ? ' … ' + lastName : '')]),
      el('td', {}, [n.block]),
      el('td', {}, [shared.labels[category] || category]),
      el('td', {}, [r[5]]),
      el('td', {}, [r[6]]),
      el('td', {}, [r[7]]),
      el('td', {}, [r[8] === null ? '—' : String(r[8])]),
      el('td', {}, text ? [el('code', { class: 'printf' }, [printf(text, r[6])])] : []),
    ]);
  });
  const head = ['code points', 'text', 'name', 'block', 'kind', 'version', '2027', 'specified', 'drawn', 'printf (the first)'].map(function (h) { return el('th', { scope: 'col' }, [h]); });
  box.replaceChildren(el('table', { class: 'data items' }, [el('thead', {}, [el('tr', {}, head)]), el('tbody', {}, body)]));
})();
