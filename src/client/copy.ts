/**
 * Copy buttons. The MDX layer draws `[data-folio-copy]` buttons inside a `[data-folio-copy-scope]`
 * whose `[data-folio-copy-source]` holds the code; code blocks without one (raw `<pre>` in a page)
 * get a button added here.
 */
function flash(button: HTMLElement): void {
  const label = button.textContent;
  button.textContent = 'Copied';
  button.dataset.copied = '';
  setTimeout(() => {
    button.textContent = label;
    delete button.dataset.copied;
  }, 1500);
}

function copy(text: string, button: HTMLElement): void {
  void navigator.clipboard?.writeText(text.replace(/\n$/, '')).then(() => flash(button));
}

export function initCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-folio-copy]');
    if (!button) return;
    const scope = button.closest('[data-folio-copy-scope]');
    // In a code group the visible panel's source is the one to copy.
    const sources = [...(scope?.querySelectorAll<HTMLElement>('[data-folio-copy-source]') ?? [])];
    const source = sources.find((s) => !s.closest('[hidden]')) ?? sources[0];
    if (source) copy(source.innerText, button);
  });
  for (const pre of document.querySelectorAll<HTMLElement>('.prose pre')) {
    // Mermaid blocks hold diagram source that the diagram replaces: a button there breaks it.
    if (pre.closest('[data-folio-copy-scope]') || pre.classList.contains('mermaid') || pre.querySelector('.copy-button')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.setAttribute('aria-label', 'Copy code');
    button.textContent = 'Copy';
    button.addEventListener('click', () => copy((pre.querySelector('code') ?? pre).innerText, button));
    pre.append(button);
  }
}
