import { describe, expect, it } from 'vitest';
import { addRedirect, assetUses, checkRedirect, deleteRedirect, readRedirects, readSettings, renameReferences, settingsOf, updateRedirect, writeSettings } from './managers.js';

// A docs.json written by hand: tabs, CRLF line ends, a comment, a one-line array, a key Folio does not know.
const TABBED = ['{', '\t"name": "Garden", // the brand', '\t"colors": {"primary": "#123456"},', '\t"x-owner": "docs",', '\t"navigation": {"pages": ["index"]},', '\t"redirects": [{"source": "/a", "destination": "/b"}, {"source": "/c", "destination": "/d", "permanent": false}]', '}', ''].join('\r\n');

describe('redirect edits of docs.json', () => {
  it('adds, edits and deletes one entry, every other byte kept', () => {
    const added = addRedirect(TABBED, { source: '/old/:slug*', destination: '/new/:slug*', permanent: true });
    expect(added).toBe(TABBED.replace('"permanent": false}]', '"permanent": false}, {"source":"/old/:slug*","destination":"/new/:slug*"}]'));
    const edited = updateRedirect(TABBED, 1, '/c', { source: '/c', destination: '/e', permanent: true });
    // Back to permanent: the key written where it was written.
    expect(edited).toBe(TABBED.replace('{"source": "/c", "destination": "/d", "permanent": false}', '{"source": "/c", "destination": "/e", "permanent": true}'));
    expect(deleteRedirect(TABBED, 0, '/a')).toBe(TABBED.replace('{"source": "/a", "destination": "/b"}, ', ''));
    expect(readRedirects(deleteRedirect(TABBED, 1, '/c'))).toEqual([{ source: '/a', destination: '/b', permanent: true }]);
    expect(() => deleteRedirect(TABBED, 0, '/c')).toThrow(expect.objectContaining({ code: 'EDITOR_REDIRECT_STALE' }));
    // A file without redirects gets the key.
    const bare = '{\n  "name": "G"\n}\n';
    expect(JSON.parse(addRedirect(bare, { source: '/x', destination: 'https://example.com/y', permanent: false }))).toEqual({ name: 'G', redirects: [{ source: '/x', destination: 'https://example.com/y', permanent: false }] });
  });

  it('refuses what the platform does not take', () => {
    const others = [{ source: '/taken/', destination: '/x', permanent: true }];
    const refused = (source: string, destination: string) => {
      try {
        checkRedirect({ source, destination, permanent: true }, others);
        return null;
      } catch (err) {
        return (err as { code: string }).code;
      }
    };
    expect(refused('/taken', '/y')).toBe('EDITOR_REDIRECT_INVALID');
    expect(refused('/p#x', '/y')).toBe('EDITOR_REDIRECT_INVALID');
    expect(refused('/p', '/p#section')).toBe('EDITOR_REDIRECT_INVALID');
    expect(refused('/beta/:slug*', '/v2/:other*')).toBe('EDITOR_REDIRECT_INVALID');
    expect(refused('/beta/:', '/v2')).toBe('EDITOR_REDIRECT_INVALID');
    expect(refused('/p', 'javascript:alert(1)')).toBe('EDITOR_REDIRECT_INVALID');
    expect(refused('/beta/:slug*', '/v2/:slug*')).toBeNull();
    expect(refused('/articles/concepts-*', '/collections/overview')).toBeNull();
    expect(refused('/p', '/q#anchor')).toBeNull();
  });
});

describe('settings edits of docs.json', () => {
  it('writes only the changed fields, keeping comments, layout and unknown keys', () => {
    const now = readSettings(TABBED);
    expect(now).toMatchObject({ name: 'Garden', primary: '#123456', links: [], socials: [] });
    const next = settingsOf({ ...now, primary: '#0D9373', searchPrompt: 'Ask the garden' });
    const out = writeSettings(TABBED, next);
    expect(out.startsWith('{\r\n\t"name": "Garden", // the brand\r\n\t"colors": {"primary": "#0D9373"},\r\n\t"x-owner": "docs",')).toBe(true);
    expect(out).toContain('\t"search": {\r\n\t\t"prompt": "Ask the garden"\r\n\t}');
    expect(readSettings(out).searchPrompt).toBe('Ask the garden');
    // Unchanged values: the same text.
    expect(writeSettings(TABBED, settingsOf(now))).toBe(TABBED);
  });

  it('keeps a logo a string while both modes share it, and refuses bad values with the field named', () => {
    const text = '{\n  "name": "G",\n  "colors": { "primary": "#123456" },\n  "logo": "/logo.svg"\n}\n';
    const now = readSettings(text);
    expect(writeSettings(text, settingsOf({ ...now, logoLight: '/brand.svg', logoDark: '/brand.svg' }))).toContain('"logo": "/brand.svg"');
    expect(JSON.parse(writeSettings(text, settingsOf({ ...now, logoDark: '/dark.svg' }))).logo).toEqual({ light: '/logo.svg', dark: '/dark.svg' });
    expect(() => settingsOf({ ...now, primary: '#12345' })).toThrow(/Primary colour/);
    expect(() => settingsOf({ ...now, appearance: 'sepia' })).toThrow(/Default appearance/);
    expect(() => settingsOf({ ...now, socials: [{ network: 'github', url: 'a' }, { network: 'github', url: 'b' }] })).toThrow(/listed twice/);
  });
});

describe('asset references', () => {
  it('finds a file named as a path in Markdown, JSX and JSON, and renames it there only', () => {
    const page = '![a](/images/a.png)\n<img src="../images/a.png" />\nimages/a.png.bak and /other/images/a.png and images/a.pngx\n{"logo": "images/a.png"}\n';
    expect(assetUses(new Map([['p.mdx', page]]), 'images/a.png').map((u) => u.line)).toEqual([1, 2, 4]);
    expect(renameReferences(page, 'images/a.png', 'img/b.png')).toBe('![a](/img/b.png)\n<img src="../img/b.png" />\nimages/a.png.bak and /other/images/a.png and images/a.pngx\n{"logo": "img/b.png"}\n');
  });
});
