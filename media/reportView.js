// The report's webview: the server builds the report, the extension puts it here; this script
// only reveals a row's check in the editor when it is clicked (or Enter on it) and swaps the
// report when the extension sends a newer one, keeping the scroll position.
(function () {
  // acquireVsCodeApi is defined by VS Code in every webview.
  const vscode = acquireVsCodeApi();
  const root = document.getElementById('rm-root');
  if (!root) return;

  /** Rows and headings that say where their check is are links for the keyboard too. */
  function markRows() {
    for (const row of root.querySelectorAll('[data-uri]')) {
      row.setAttribute('tabindex', '0');
      row.setAttribute('role', 'link');
    }
  }

  function reveal(target) {
    const row = target instanceof Element ? target.closest('[data-uri]') : null;
    if (!row) return false;
    vscode.postMessage({ type: 'reveal', uri: row.getAttribute('data-uri'), line: Number(row.getAttribute('data-line')), character: Number(row.getAttribute('data-character')) });
    return true;
  }

  root.addEventListener('click', (event) => {
    if (reveal(event.target)) event.preventDefault();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && reveal(event.target)) event.preventDefault();
  });

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.type !== 'update' || typeof message.body !== 'string') return;
    const scroll = window.scrollY;
    root.innerHTML = message.body;
    markRows();
    window.scrollTo(0, scroll);
  });

  window.addEventListener('scroll', () => vscode.setState({ scroll: window.scrollY }), { passive: true });
  const state = vscode.getState();
  markRows();
  if (state && typeof state.scroll === 'number') window.scrollTo(0, state.scroll);
})();
