/**
 * Mermaid diagrams. The site never fetches from the network: when the build shipped a local copy
 * (`<html data-mermaid="/assets/mermaid.js">`) it is loaded, only on pages that contain a diagram;
 * otherwise the diagram source stays readable as a code block.
 */
interface MermaidApi {
  initialize(options: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

export function initMermaid(): void {
  // `<html data-mermaid>` names the script; the diagrams are the `.mermaid` blocks in the body.
  const nodes = [...document.body.querySelectorAll<HTMLElement>('.mermaid')];
  const src = document.documentElement.dataset.mermaid;
  if (nodes.length === 0 || !src) return;
  void (import(/* @vite-ignore */ src) as Promise<{ default: MermaidApi }>)
    .then(({ default: mermaid }) => {
      mermaid.initialize({ startOnLoad: false, theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default' });
      return mermaid.run({ nodes });
    })
    .catch((error: unknown) => {
      // The diagram source stays readable as a code block; the console says why it was not drawn.
      console.warn('Folio: mermaid diagrams could not be drawn', error);
    });
}
