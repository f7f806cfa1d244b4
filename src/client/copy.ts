/** Adds a copy button to every code block of the page body (`.prose pre`, or `[data-copy]` targets). */
export function initCopyButtons(): void {
  const blocks = document.querySelectorAll<HTMLElement>('.prose pre');
  for (const pre of blocks) {
    if (pre.querySelector('.copy-button')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.setAttribute('aria-label', 'Copy code');
    button.textContent = 'Copy';
    button.addEventListener('click', () => {
      const code = pre.querySelector('code') ?? pre;
      const text = (code as HTMLElement).innerText.replace(/\n$/, '');
      void navigator.clipboard?.writeText(text).then(() => {
        button.textContent = 'Copied';
        setTimeout(() => (button.textContent = 'Copy'), 1500);
      });
    });
    pre.append(button);
  }
}
