import { describe, expect, it } from 'vitest';
import { importStatements, knownImportsFor, parseImportStatement, scanPageImports } from './component-imports.js';

describe('scanning pages for component imports', () => {
  it('reads top-level import lines, multi-line ones included, and skips frontmatter and code fences', () => {
    const source = [
      '---',
      'import: not an import',
      '---',
      'import Intro from "/snippets/intro.mdx";',
      'import {',
      '  PreviewButton,',
      '  Other as Alias',
      "} from '/snippets/previewbutton.jsx'",
      '',
      '```js',
      'import { Fake } from "./fake.js";',
      '```',
      '<Steps>',
      '    ```js',
      'import Nested from "./nested.js";',
      '    ```',
      '</Steps>',
      'import Both, * as All from "/snippets/both.mdx";',
      '',
      'Text that says import X from "/nowhere".',
    ].join('\n');
    expect(importStatements(source).map(parseImportStatement)).toEqual([
      { source: '/snippets/intro.mdx', bindings: [{ local: 'Intro', imported: 'default' }] },
      {
        source: '/snippets/previewbutton.jsx',
        bindings: [
          { local: 'PreviewButton', imported: 'PreviewButton' },
          { local: 'Alias', imported: 'Other' },
        ],
      },
      { source: '/snippets/both.mdx', bindings: [{ local: 'Both', imported: 'default' }] },
    ]);
  });

  it('maps capitalised local names of local imports, resolved against the importing page', () => {
    const map = scanPageImports([
      { file: 'guides/a.mdx', source: 'import Warn1 from "../snippets/w.mdx";\nimport { version } from "/snippets/v.mdx";\nimport Lib from "some-npm-package";\n' },
      { file: 'b.mdx', source: 'import Warn1 from "/snippets/w.mdx"\n' },
    ]);
    expect([...map.keys()]).toEqual(['Warn1']);
    expect(map.get('Warn1')).toEqual([
      { source: '/snippets/w.mdx', imported: 'default', importer: 'guides/a.mdx' },
      { source: '/snippets/w.mdx', imported: 'default', importer: 'b.mdx' },
    ]);
  });
});

describe('known imports of one page', () => {
  const map = scanPageImports([
    { file: 'ai/llms.mdx', source: 'import { PreviewButton } from "/snippets/previewbutton.jsx"\n' },
    { file: 'es/ai/llms.mdx', source: 'import { PreviewButton } from "/snippets/previewbutton.jsx"\n' },
    { file: 'es/search/connect.mdx', source: 'import { PreviewButton } from "/snippets/es/previewbutton.jsx"\nimport Card2 from "/snippets/card2.mdx"\n' },
    { file: 'guide.mdx', source: 'import Card2 from "/snippets/other-card.mdx"\n' },
  ]);
  const usesButton = '<PreviewButton href="/x">X</PreviewButton> and <Card2 />';

  it('come from the nearest folder whose pages import the name', () => {
    expect(knownImportsFor('es/ai/skill.mdx', usesButton, map)).toEqual({
      PreviewButton: [{ source: '/snippets/previewbutton.jsx', imported: 'PreviewButton' }],
      Card2: [{ source: '/snippets/card2.mdx', imported: 'default' }],
    });
  });

  it('list every distinct candidate when the nearest pages disagree', () => {
    expect(knownImportsFor('es/skill.mdx', usesButton, map).PreviewButton).toEqual([
      { source: '/snippets/es/previewbutton.jsx', imported: 'PreviewButton' },
      { source: '/snippets/previewbutton.jsx', imported: 'PreviewButton' },
    ]);
    expect(knownImportsFor('top.mdx', usesButton, map).Card2).toHaveLength(2);
  });

  it('only name components the page uses, and never the page itself', () => {
    expect(knownImportsFor('es/ai/skill.mdx', 'No components here', map)).toEqual({});
    expect(knownImportsFor('es/ai/skill.mdx', '<PreviewButtonLarge /> and <Card2Wide />', map)).toEqual({});
    expect(knownImportsFor('guide.mdx', '<Card2 />', map)).toEqual({ Card2: [{ source: '/snippets/card2.mdx', imported: 'default' }] });
  });
});
