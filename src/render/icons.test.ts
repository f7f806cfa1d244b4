import { describe, expect, it } from 'vitest';
import { PageIconStyles } from './icons.js';

const span = (name: string, type?: string) => `<span class="folio-icon" data-icon="${name}"${type ? ` data-icon-type="${type}"` : ''} aria-hidden="true"></span>`;

describe('PageIconStyles', () => {
  it('writes one rule per distinct glyph, listing every name that draws it', () => {
    const css = new PageIconStyles().cssFor(span('rocket') + span('rocket-launch') + span('rocket') + span('house'));
    expect(css.match(/\{--icon:/g)).toHaveLength(2);
    expect(css).toContain('.folio-icon[data-icon="rocket"],.folio-icon[data-icon="rocket-launch"]{--icon:url("data:image/svg+xml,');
    expect(css).toContain('.folio-icon[data-icon="house"]{--icon:');
  });

  it('keys styled icons by their type and leaves unknown names to the fallback dot', () => {
    const css = new PageIconStyles().cssFor(span('flag') + span('flag', 'regular') + span('not-an-icon-zz'));
    expect(css).toContain('.folio-icon[data-icon="flag"]{');
    expect(css).toContain('.folio-icon[data-icon="flag"][data-icon-type="regular"]{');
    expect(css).not.toContain('not-an-icon-zz');
  });

  it('follows the site library', () => {
    const fa = new PageIconStyles().cssFor(span('flag'));
    const lucide = new PageIconStyles('lucide').cssFor(span('flag'));
    expect(lucide).not.toBe(fa);
    expect(lucide).toContain('stroke-width');
  });

  it('ignores icon markup shown as text in code', () => {
    expect(new PageIconStyles().cssFor('<code>data-icon=&quot;rocket&quot;</code>')).toBe('');
  });
});
