/**
 * The contextual page menu (`details[data-folio-page-menu]`, drawn by the render layer): "Copy page"
 * fetches the page's Markdown and copies it, "Copy MCP server URL" copies `<origin>/mcp`, and
 * links to AI tools get the page's absolute Markdown URL in place of `$url`.
 */
function done(button: HTMLElement): void {
  const label = button.textContent;
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = label), 1500);
}

export function initPageMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-folio-page-menu]');
  if (!menu) return;
  const markdownUrl = new URL(menu.dataset.folioPageMenu!, location.href).href;
  // The docs MCP server is at the site's root, which is under the base path when there is one.
  const mcp = new URL('mcp', new URL(document.documentElement.dataset.base ?? '/', location.href)).href;
  for (const link of menu.querySelectorAll<HTMLAnchorElement>('a[data-folio-menu-href]')) {
    link.href = link.dataset.folioMenuHref!.replace(/\$url/g, encodeURIComponent(markdownUrl)).replace(/\$mcp/g, encodeURIComponent(mcp));
  }
  menu.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-folio-menu-copy]');
    if (!button) return;
    const text = button.dataset.folioMenuCopy === 'mcp' ? Promise.resolve(mcp) : fetch(markdownUrl).then((r) => r.text());
    // A ClipboardItem with a promise keeps the click's user activation while the Markdown loads (Safari).
    const write = typeof ClipboardItem === 'function' ? navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]) : text.then((t) => navigator.clipboard.writeText(t));
    void write.then(() => done(button));
  });
}
