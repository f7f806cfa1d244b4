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

interface Operation {
  spec: Spec;
  title: string;
}

/** The operation of an endpoint page: its playground data and its title. */
function operationOf(page: Document, root: ParentNode = page): Operation | undefined {
  const data = root.querySelector('script.api-playground-data')?.textContent;
  if (!data) return undefined;
  const spec = JSON.parse(data) as Spec;
  return { spec, title: page.querySelector('h1')?.textContent?.trim() || spec.title || `${spec.method} ${spec.path}` };
}

/** Another endpoint page, fetched and read without leaving this one (its links resolved against its own address). */
async function fetchPage(href: string): Promise<{ page: Document; operation: Operation } | undefined> {
  const response = await fetch(href, { headers: { accept: 'text/html' } });
  if (!response.ok) return undefined;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const base = page.createElement('base');
  base.href = response.url;
  page.head.prepend(base);
  const operation = operationOf(page, page.querySelector('.api-reference') ?? page);
  return operation && { page, operation };
}

/**
 * Wire every "Try it" button of the page to its panel, made on first use. The panel's endpoint
 * switcher swaps in the chosen operation's panel in place (the address follows it, so a reload
 * opens the same); closing a switched panel opens that operation's page.
 */
export function initPlayground(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-api-try]')) {
    const reference = button.closest('.api-reference');
    const own = reference && operationOf(document, reference);
    if (!own) continue;
    let panel: Panel | undefined;
    const home = location.pathname + location.search;
    const switchTo = async (href: string) => {
      const url = new URL(href, location.href);
      const next = url.origin === location.origin ? await fetchPage(url.pathname + url.search).catch(() => undefined) : undefined;
      // Not an endpoint page we can read (or the network failed): open it as a page.
      if (!next) return location.assign(`${url.pathname}${url.search}#playground`);
      const here = url.pathname + url.search;
      const previous = panel;
      panel = createPanel(next.operation.spec, next.operation.title, {
        page: here === home ? document : next.page,
        onSwitch: (h) => void switchTo(h),
        onClose: () => {
          if (here !== home) location.assign(here);
        },
      });
      panel.open(button, true);
      previous?.discard();
      history.replaceState(history.state, '', `${here}#playground`);
    };
    const open = () => {
      panel ??= createPanel(own.spec, own.title, { onSwitch: (h) => void switchTo(h) });
      panel.open(button);
    };
    button.addEventListener('click', open);
    // `#playground` opens it on arrival (a switched panel's address, reloaded or shared, leads here that way).
    if (location.hash === '#playground') open();
  }
}

initPlayground();
