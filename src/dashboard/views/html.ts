import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

/** Render a page element to a complete HTML document. */
export function renderPage(element: ReactElement): string {
  return `<!doctype html>${renderToString(element)}`;
}
