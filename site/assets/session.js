// termprobe site: a session page's final screens, drawn by assets/screen.js
// from the page's data (<script type="application/json" id="screens-data">,
// see sessions-page.ts): each placeholder <div data-screen="N"> becomes screen N.
'use strict';
(function () {
  const tp = window.termprobe;
  const source = document.getElementById('screens-data');
  if (!tp || !tp.screen || !source) return;
  const screens = JSON.parse(source.textContent);
  for (const slot of document.querySelectorAll('[data-screen]')) {
    const s = screens[Number(slot.dataset.screen)];
    if (s) slot.replaceWith(tp.screen(s, s.caption));
  }
})();
