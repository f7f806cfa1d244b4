import { describe, expect, it } from 'vitest';
import { itemHref, mcpInstall, menuItems, specHref } from './page-menu.js';

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

  it('offers every documented option Folio supports, each with what it does, and leaves out the others', () => {
    const ids = ['copy', 'view', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio', 'mcp', 'add-mcp', 'cursor', 'vscode', 'download-pdf', 'download-spec'] as const;
    const items = menuItems([...ids, 'assistant', 'devin', 'devin-desktop', 'devin-mcp', 'windsurf']);
    expect(items.map((i) => i.id)).toEqual([...ids]);
    for (const item of items) expect(item.description, item.id).toMatch(/\w{3}/);
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(itemHref(byId.grok!.href!, '/a.md', '/a')).toBe(`https://grok.com/?q=${encodeURIComponent('Read /a.md so I can ask questions about it.')}`);
    expect(itemHref(byId.aistudio!.href!, '/a.md', '/a')).toMatch(/^https:\/\/aistudio\.google\.com\/.*\?prompt=Read%20/);
    expect(byId.mcp).toMatchObject({ kind: 'copy', copy: 'mcp' });
    expect(byId['add-mcp']).toMatchObject({ kind: 'copy', copy: 'add-mcp' });
    expect(byId['download-pdf']!.kind).toBe('print');
    expect(byId['download-spec']!.kind).toBe('spec');
  });

  it('makes Cursor and VS Code deep links that install the site’s MCP server', () => {
    const [cursor, vscode] = menuItems(['cursor', 'vscode']);
    const cursorUrl = new URL(itemHref(cursor!.href!, '/a.md', '/a', 'Acme Docs'));
    expect(cursorUrl.protocol).toBe('cursor:');
    expect(cursorUrl.host + cursorUrl.pathname).toBe('anysphere.cursor-deeplink/mcp/install');
    expect(cursorUrl.searchParams.get('name')).toBe('Acme Docs');
    expect(JSON.parse(Buffer.from(cursorUrl.searchParams.get('config')!, 'base64').toString('utf8'))).toEqual({ url: '/mcp' });
    const vscodeHref = itemHref(vscode!.href!, '/a.md', '/a', 'Acme Docs');
    expect(vscodeHref.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(vscodeHref.slice('vscode:mcp/install?'.length)))).toEqual({ name: 'Acme Docs', type: 'http', url: '/mcp' });
    expect(JSON.parse(Buffer.from(mcpInstall('Acme', 'https://docs.acme.test/mcp').cursor, 'base64').toString())).toEqual({ url: 'https://docs.acme.test/mcp' });
  });

  it('links the spec of an endpoint page in the site or at its URL', () => {
    expect(specHref('openapi.json', '/')).toBe('/openapi.json');
    expect(specHref('/api/spec.yaml', '/docs')).toBe('/docs/api/spec.yaml');
    expect(specHref('https://api.test/openapi.json', '/')).toBe('https://api.test/openapi.json');
    expect(specHref(undefined, '/')).toBeUndefined();
  });
});
