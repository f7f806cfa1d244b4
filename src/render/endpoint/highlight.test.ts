import { describe, expect, it } from 'vitest';
import { highlightSample, prepareEndpointHighlighting } from './highlight.js';

describe('endpoint sample highlighting', () => {
  it('uses the site code themes (styling.codeblocks), not always GitHub', async () => {
    await prepareEndpointHighlighting({ light: 'dracula', dark: 'dracula' });
    const html = highlightSample('curl --request GET https://api.example.com', 'bash');
    expect(html.toLowerCase()).toContain('#282a36');
    expect(html).not.toContain('github');
  });
});
