import { describe, expect, it } from 'vitest';
import { frontmatterOf, setFrontmatter } from './frontmatter.js';

const page = '---\ntitle: "Quick start"\n# kept comment\nicon: rocket\n---\n\nBody text.\n';

describe('page settings as frontmatter edits', () => {
  it('reads single-line keys, unquoting strings', () => {
    expect(frontmatterOf(page)).toEqual({ title: 'Quick start', icon: 'rocket' });
    expect(frontmatterOf("---\ndescription: 'It''s here'\nhidden: true\n---\n")).toEqual({ description: "It's here", hidden: 'true' });
    expect(frontmatterOf('No frontmatter')).toEqual({});
  });

  it('changes, adds and removes one key, keeping every other byte', () => {
    expect(setFrontmatter(page, 'icon', 'star', 'string')).toBe(page.replace('icon: rocket', 'icon: star'));
    expect(setFrontmatter(page, 'description', 'Set up: in 5 minutes', 'string')).toBe(page.replace('icon: rocket\n', 'icon: rocket\ndescription: "Set up: in 5 minutes"\n'));
    expect(setFrontmatter(page, 'icon', '', 'string')).toBe(page.replace('icon: rocket\n', ''));
    expect(setFrontmatter(page, 'hidden', 'true', 'raw')).toBe(page.replace('icon: rocket\n', 'icon: rocket\nhidden: true\n'));
    expect(setFrontmatter(page, 'mode', '', 'string')).toBe(page);
    expect(setFrontmatter(page, 'title', 'Quick start', 'string')).toBe(page);
    expect(setFrontmatter(page, 'title', 'Quick start guide', 'string')).toBe(page.replace('"Quick start"', 'Quick start guide'));
  });

  it('adds a frontmatter block to a page without one', () => {
    expect(setFrontmatter('Body.\n', 'title', 'Intro', 'string')).toBe('---\ntitle: Intro\n---\n\nBody.\n');
    expect(setFrontmatter('Body.\n', 'title', '', 'string')).toBe('Body.\n');
  });
});
