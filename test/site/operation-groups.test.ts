/**
 * The platform's filter of API endpoints by group (`x-mint.groups` on an operation, its path item or
 * the spec's `paths`): such an endpoint page is restricted to those groups like a page with
 * frontmatter `groups`, so it leaves the sidebar, search and llms files of readers outside them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite, pageGroups, type Site } from '../../src/site/index.js';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Billing', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    'x-mint': { groups: ['staff'] },
    '/billing': { get: { summary: 'Get billing', 'x-mint': { href: '/api/get-billing', groups: ['admin', 'billing'] }, responses: { '200': { description: 'ok' } } } },
    '/reports': { 'x-mint': { groups: 'finance' }, get: { summary: 'List reports', 'x-mint': { href: '/api/list-reports' }, responses: { '200': { description: 'ok' } } } },
    '/users': { get: { summary: 'List users', 'x-mint': { href: '/api/list-users' }, responses: { '200': { description: 'ok' } } } },
  },
};

let dir: string;
let site: Site;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-operation-groups-'));
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify({ name: 'B', theme: 'mint', colors: { primary: '#a50' }, navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'API', openapi: 'openapi.json' }] } }));
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(SPEC));
  await writeFile(path.join(dir, 'index.mdx'), '---\ntitle: Home\ngroups: ["staff"]\n---\n\nHi.\n');
  site = (await loadSite(dir)).site!;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('x-mint.groups on OpenAPI operations', () => {
  it('restricts an endpoint to the groups of its operation, else its path item, else the spec’s paths', () => {
    expect(Object.fromEntries(pageGroups(site))).toEqual({
      '/index': ['staff'],
      '/api/get-billing': ['admin', 'billing'],
      '/api/list-reports': ['finance'],
      '/api/list-users': ['staff'],
    });
  });
});
