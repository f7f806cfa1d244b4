import fs from 'node:fs';
import { expect, it } from 'vitest';
import { dashboardCodes } from './codes.js';

it('documents every dashboard error code in docs/errors/dashboard.md', () => {
  const doc = fs.readFileSync(new URL('../../docs/errors/dashboard.md', import.meta.url), 'utf8');
  const documented = [...doc.matchAll(/^- `([A-Z_]+)` - /gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual(Object.keys(dashboardCodes).sort());
});
