import { describe, expect, it } from 'vitest';
import { sectionsOfMarkdown } from './sections.js';

describe('sectionsOfMarkdown', () => {
  it('cuts at headings, leaves the title line out and keeps the text above the first heading', () => {
    const md = '# Install\n\n> Get it running.\n\nIntro text.\n\n## Requirements\n\nNode 20.\n\n### On macOS\n\nUse brew.\n\n## Requirements\n\nAgain.\n';
    expect(sectionsOfMarkdown(md)).toEqual([
      { anchor: '', heading: '', text: '> Get it running.\n\nIntro text.' },
      { anchor: 'requirements', heading: 'Requirements', text: 'Node 20.' },
      { anchor: 'on-macos', heading: 'On macOS', text: 'Use brew.' },
      { anchor: 'requirements-2', heading: 'Requirements', text: 'Again.' },
    ]);
  });

  it('reads a heading inside fenced code as text, and takes link and code marks off headings', () => {
    const md = '# T\n\n## The `mint` [CLI](/cli)\n\n```bash\n## not a heading\n```\n\n~~~\n## nor this\n~~~\n';
    const sections = sectionsOfMarkdown(md);
    expect(sections.map((s) => [s.anchor, s.heading])).toEqual([['the-mint-cli', 'The mint CLI']]);
    expect(sections[0]!.text).toContain('## not a heading');
    expect(sections[0]!.text).toContain('## nor this');
  });

  it('keeps a heading with no text under it (the heading itself answers)', () => {
    expect(sectionsOfMarkdown('# T\n\n## Empty\n\n## Full\n\nx\n').map((s) => s.heading)).toEqual(['Empty', 'Full']);
  });
});
