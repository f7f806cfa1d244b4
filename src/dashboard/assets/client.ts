// The dashboard's only script (served at /dashboard/assets/app.js, no inline script so the CSP can forbid it):
// copy buttons, confirmations, and polling of live status while a job or update runs.
export const DASHBOARD_JS = `
(function(){
  'use strict';
  var TERMINAL = ['completed','failed','archived','success','failure'];
  document.addEventListener('click', function(e){
    var btn = e.target.closest && e.target.closest('[data-copy]');
    if (!btn) return;
    var source = document.getElementById(btn.getAttribute('data-copy'));
    if (!source) return;
    var text = source.textContent || '';
    var done = function(){ var old = btn.textContent; btn.textContent = 'Copied'; setTimeout(function(){ btn.textContent = old; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, function(){ /* permission refused: nothing copied, the button keeps its label */ });
    else { var r = document.createRange(); r.selectNodeContents(source); var s = getSelection(); s.removeAllRanges(); s.addRange(r); try { document.execCommand('copy'); done(); } catch (_) { /* no clipboard: the text stays selected for Ctrl+C */ } }
  });
  document.addEventListener('submit', function(e){
    var msg = e.target.getAttribute && e.target.getAttribute('data-confirm');
    if (msg && !window.confirm(msg)) e.preventDefault();
  });
  function poll(el){
    var url = el.getAttribute('data-poll');
    var logId = el.getAttribute('data-log');
    var timer = null;
    function tick(){
      fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then(function(r){ if (!r.ok) throw new Error(String(r.status)); return r.json(); })
        .then(function(data){
          el.textContent = data.statusLabel || data.status;
          el.className = 'badge ' + data.status;
          if (logId && Array.isArray(data.logs)) {
            var pre = document.getElementById(logId);
            if (pre) { var atEnd = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - 8; pre.textContent = data.logs.join('\\n'); if (atEnd) pre.scrollTop = pre.scrollHeight; }
          }
          var summary = el.getAttribute('data-summary');
          if (summary && typeof data.summary === 'string') { var s = document.getElementById(summary); if (s) s.textContent = data.summary; }
          if (TERMINAL.indexOf(data.status) >= 0) {
            // Reload for the full server-rendered result, dropping the one-time notice from the address.
            if (el.hasAttribute('data-reload')) { var u = new URL(location.href); u.searchParams.delete('notice'); location.replace(u.toString()); }
            return;
          }
          timer = setTimeout(tick, 1500);
        })
        .catch(function(){ timer = setTimeout(tick, 5000); });
    }
    timer = setTimeout(tick, 1000);
  }
  Array.prototype.forEach.call(document.querySelectorAll('[data-poll]'), poll);
})();
`;
