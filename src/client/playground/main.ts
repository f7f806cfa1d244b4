/**
 * The API playground ("Try it"), a separate bundle the main script loads only on endpoint pages
 * (those with a `[data-api-try]` button). It reads the operation from the page's
 * `script.api-playground-data` and opens it in a request panel (`panel.ts`): a form checked
 * before sending, the request as cURL, and the answer, sent through the docs server's proxy or
 * straight from the browser (`send.ts`). Typed values persist per site in localStorage; the page
 * stays readable without any of it.
 */
import { createPanel, type Panel } from './panel.js';
import type { Spec } from './spec.js';

/** Wire every "Try it" button of the page to its panel, made on first use. */
export function initPlayground(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-api-try]')) {
    const reference = button.closest('.api-reference');
    const data = reference?.querySelector('script.api-playground-data')?.textContent;
    if (!data) continue;
    const spec = JSON.parse(data) as Spec;
    const title = document.querySelector('h1')?.textContent?.trim() || spec.title || `${spec.method} ${spec.path}`;
    let panel: Panel | undefined;
    const open = () => {
      panel ??= createPanel(spec, title);
      panel.open(button);
    };
    button.addEventListener('click', open);
    // `#playground` opens it on arrival (the endpoint switcher leads here that way).
    if (location.hash === '#playground') open();
  }
}

initPlayground();
