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
      const dark = document.documentElement.dataset.theme === 'dark';
      // The dark theme's edge labels are #ccc on #585858 (4.4:1); a darker label keeps text at AA contrast.
      mermaid.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default', ...(dark ? { themeVariables: { edgeLabelBackground: '#404040' } } : {}) });
      return mermaid.run({ nodes });
    })
    .catch((error: unknown) => {
      // The diagram source stays readable as a code block; the console says why it was not drawn.
      console.warn('Folio: mermaid diagrams could not be drawn', error);
    });
}
