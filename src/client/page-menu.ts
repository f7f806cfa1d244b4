/**
 * The contextual page menu (`details[data-folio-page-menu]`, drawn by the render layer): "Copy page"
 * fetches the page's Markdown and copies it, "Copy MCP server URL" copies `<origin>/mcp` and "Copy MCP
 * install command" `npx add-mcp <origin>/mcp`; links get the absolute URLs only the browser knows in
 * place of `$url` (the page's Markdown), `$mcp` (the MCP server), `$cursor` and `$vscode` (the server's
 * install configuration for Cursor and VS Code deep links); "Download PDF" opens the print dialog.
 */
function done(button: HTMLElement): void {
  const label = button.querySelector<HTMLElement>('.page-menu-label') ?? button;
  const text = label.textContent;
  label.textContent = 'Copied';
  setTimeout(() => (label.textContent = text), 1500);
}

/** UTF-8 safe base64 (Cursor's `config` parameter). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function initPageMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('details[data-folio-page-menu]');
  if (!menu) return;
  const markdownUrl = new URL(menu.dataset.folioPageMenu!, location.href).href;
  // The docs MCP server is at the site's root, which is under the base path when there is one.
  const mcpUrl = new URL('mcp', new URL(document.documentElement.dataset.base ?? '/', location.href)).href;
  const name = menu.dataset.folioSiteName || 'docs';
  for (const link of menu.querySelectorAll<HTMLAnchorElement>('a[data-folio-menu-href]')) {
    link.href = link.dataset
      .folioMenuHref!.replace(/\$url/g, encodeURIComponent(markdownUrl))
      .replace(/\$mcp/g, encodeURIComponent(mcpUrl))
      .replace(/\$name/g, encodeURIComponent(name))
      .replace(/\$cursor/g, encodeURIComponent(base64(JSON.stringify({ url: mcpUrl }))))
      .replace(/\$vscode/g, encodeURIComponent(JSON.stringify({ name, type: 'http', url: mcpUrl })));
  }
  const copy = (button: HTMLElement, kind: string | undefined) => {
    const text = kind === 'mcp' ? Promise.resolve(mcpUrl) : kind === 'add-mcp' ? Promise.resolve(`npx add-mcp ${mcpUrl}`) : fetch(markdownUrl).then((r) => r.text());
    // A ClipboardItem with a promise keeps the click's user activation while the Markdown loads (Safari).
    const write = typeof ClipboardItem === 'function' ? navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]) : text.then((t) => navigator.clipboard.writeText(t));
    void write.then(() => done(button));
  };
  // "Copy page" beside the menu works only with this script, so it is shown by it.
  const pageCopy = menu.parentElement?.querySelector<HTMLElement>('[data-folio-page-copy]');
  if (pageCopy) {
    pageCopy.hidden = false;
    pageCopy.addEventListener('click', () => copy(pageCopy, 'page'));
  }
  menu.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-folio-menu-print]')) {
      menu.open = false;
      window.print();
      return;
    }
    const button = target.closest<HTMLElement>('[data-folio-menu-copy]');
    if (button) copy(button, button.dataset.folioMenuCopy);
  });
}
