import { describe, expect, it } from 'vitest';
import { itemHref, menuItems } from './page-menu.js';

describe('contextual menu entries', () => {
  it('keeps the configured order, turns built-ins into entries and fills custom href templates', () => {
    const items = menuItems([
      'view',
      'claude',
      'copy',
      { title: 'Ask in Forum', description: 'Discuss this page', href: { base: 'https://forum.test/new', query: [{ key: 'body', value: 'About $path: $page' }] } },
    ]);
    expect(items.map((i) => i.label)).toEqual(['View as Markdown', 'Open in Claude', 'Copy page', 'Ask in Forum']);
    expect(itemHref(items[0]!.href!, '/guide.md', '/guide')).toBe('/guide.md');
    expect(itemHref(items[1]!.href!, '/guide.md', '/guide')).toBe(`https://claude.ai/new?q=${encodeURIComponent('Read /guide.md so I can ask questions about it.')}`);
    expect(itemHref(items[3]!.href!, '/guide.md', '/guide')).toBe(`https://forum.test/new?body=About%20${encodeURIComponent('/guide')}%3A%20${encodeURIComponent('/guide.md')}`);
  });
});
