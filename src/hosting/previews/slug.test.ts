import { describe, expect, it } from 'vitest';
import { parseSiteLabel, previewLabel, previewSlug } from './slug.js';

describe('preview slugs', () => {
  it('turns a branch into one host label that splits back at the first double dash', () => {
    expect(previewSlug('feature/New--Guide_2', 'docs-abc123')).toBe('feature-new-guide-2');
    expect(previewSlug('---', 'docs-abc123')).toBe('branch');
    const label = previewLabel(previewSlug('fix/a--b', 'docs-abc123'), 'docs-abc123');
    expect(label).toBe('fix-a-b--docs-abc123');
    expect(parseSiteLabel(label)).toEqual({ projectId: 'docs-abc123', preview: 'fix-a-b' });
    expect(parseSiteLabel('docs-abc123')).toEqual({ projectId: 'docs-abc123', preview: null });
    expect(parseSiteLabel('--docs')).toBeNull();
    expect(parseSiteLabel('x--')).toBeNull();
  });

  it('fits a DNS label with the project id, ending in a hash when cut or when asked', () => {
    const project = 'a-rather-long-project-name-that-fills-room-x1y2z3';
    const long = previewSlug('feature/' + 'very-long-branch-name-'.repeat(5), project);
    expect(previewLabel(long, project).length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(long).toMatch(/-[0-9a-f]{6}$/);
    const a = previewSlug('feature/a', 'p-1', true);
    const b = previewSlug('feature-a', 'p-1', true);
    expect(a).not.toBe(b);
    expect(a.startsWith('feature-a-')).toBe(true);
  });
});
