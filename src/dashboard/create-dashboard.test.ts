import { expect, it } from 'vitest';
import type { ProjectRow } from '../db/index.js';
import { defaultSiteUrl } from './create-dashboard.js';

const project = { id: 'acme-abc123', hostNames: [] as string[] } as unknown as ProjectRow;

it('links a project to <id>.<siteDomain> on the dashboard port, or to its first custom domain', () => {
  expect(defaultSiteUrl(project, new URL('http://127.0.0.1:3000/dashboard'))).toBe('http://acme-abc123.localhost:3000/');
  expect(defaultSiteUrl(project, new URL('https://admin.example.com/dashboard'), 'docs.example.com')).toBe('https://acme-abc123.docs.example.com/');
  expect(defaultSiteUrl({ ...project, hostNames: ['help.acme.io'] }, new URL('https://admin.example.com/x'))).toBe('https://help.acme.io/');
});
