import { builtinComponents } from './components/index.js';

/** The component names pages may write (`<Note>`, `<Card>`, ...), sorted: the web editor completes them. */
export function componentNames(): string[] {
  return Object.keys(builtinComponents)
    .filter((name) => /^[A-Z]/.test(name) && !name.startsWith('Folio'))
    .sort();
}
