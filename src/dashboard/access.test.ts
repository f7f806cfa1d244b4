import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminServices } from '../api/index.js';
import type { Database } from '../db/index.js';
import { accessFor, type Need } from './access.js';
import { createDashboard } from './create-dashboard.js';

// Every write route of the dashboard and who may use it. A new POST route fails the last test until it
// is listed here (and, when it is not for owners only, in access.ts's table).
const WRITES: Record<string, Need> = {
  '/projects': 'owner',
  '/projects/:projectId/settings': 'owner',
  '/projects/:projectId/keys': 'owner',
  '/projects/:projectId/keys/:keyId/revoke': 'owner',
  '/projects/:projectId/assistant-keys': 'owner',
  '/projects/:projectId/assistant-keys/:keyId/revoke': 'owner',
  '/projects/:projectId/products/slack': 'owner',
  '/projects/:projectId/products/slack/disconnect': 'owner',
  '/projects/:projectId/webhook-secret': 'owner',
  '/projects/:projectId/automations': 'owner',
  '/projects/:projectId/automations/:id/:action': 'owner',
  '/projects/:projectId/suggestions/:id/accept': 'edit',
  '/projects/:projectId/suggestions/:id/dismiss': 'edit',
  '/projects/:projectId/suggestions/source': 'owner',
  '/projects/:projectId/suggestions/check': 'owner',
  '/members': 'owner',
  '/members/:userId': 'owner',
  '/members/:userId/invite': 'owner',
  '/members/:userId/remove': 'owner',
  '/projects/:projectId/jobs': 'edit',
  '/projects/:projectId/jobs/:jobId/message': 'edit',
  '/projects/:projectId/jobs/:jobId/archive': 'edit',
  '/projects/:projectId/updates': 'edit',
  '/projects/:projectId/previews': 'edit',
  '/projects/:projectId/previews/delete': 'edit',
  '/projects/:projectId/pdf': 'edit',
  '/projects/:projectId/analytics/feedback/:id': 'edit',
  '/projects/:projectId/analytics/topics/:topicId/fix': 'edit',
  '/projects/:projectId/editor/save.json': 'edit',
  '/projects/:projectId/editor/blocks.json': 'edit',
  '/projects/:projectId/editor/branches.json': 'edit',
  '/projects/:projectId/editor/pages.json': 'edit',
  '/projects/:projectId/editor/navigation.json': 'edit',
  '/projects/:projectId/editor/shared.json': 'edit',
  '/projects/:projectId/editor/discard.json': 'edit',
  '/projects/:projectId/editor/upload.json': 'edit',
  '/projects/:projectId/editor/publish.json': 'edit',
  // A branch's pull request: autosave, ready for review, reviews and merge (who may review or merge is checked in the handler), and its shared preview links.
  '/projects/:projectId/editor/branch.json': 'edit',
  '/projects/:projectId/editor/share.json': 'edit',
  // Every member comments and suggests (the platform's rule); deciding and restoring need edit rights.
  '/projects/:projectId/editor/comments.json': 'read',
  '/projects/:projectId/editor/suggestions.json': 'read',
  '/projects/:projectId/editor/review.json': 'edit',
  '/projects/:projectId/editor/restore.json': 'edit',
  // The assets, redirects and site settings managers.
  '/projects/:projectId/editor/assets.json': 'edit',
  '/projects/:projectId/editor/redirects.json': 'edit',
  '/projects/:projectId/editor/settings.json': 'edit',
};

/** A route pattern with sample values in place of its parameters. */
const sample = (pattern: string) => pattern.replace(/:projectId/g, 'p1').replace(/:[A-Za-z]+/g, 'x1');

describe('accessFor', () => {
  it('names the project of the path and lets every member read (the editor read-only), except members and keys', () => {
    expect(accessFor('GET', '/projects')).toEqual({ need: 'read', projectId: null });
    expect(accessFor('GET', '/projects/p1/jobs/j1')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('HEAD', '/projects/p1/analytics.csv')).toEqual({ need: 'read', projectId: 'p1' });
    // The editor is every member's to read (read-only without edit rights, comments and suggestions allowed).
    expect(accessFor('GET', '/projects/p1/editor')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/state.json')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/file.json')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/preview')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/site/k/assets/site.css')).toEqual({ need: 'read', projectId: 'p1' });
    // Its writes, publishing checks and look-alikes of the reads are not.
    expect(accessFor('POST', '/projects/p1/editor/file.json')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/links.json')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/state.json/x')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/previewer')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/site/')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/keys')).toEqual({ need: 'owner', projectId: 'p1' });
    // The Slack page shows its secrets masked, but owners only see it at all; the assistant's page is everyone's.
    expect(accessFor('GET', '/projects/p1/products/slack')).toEqual({ need: 'owner', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/products/assistant')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('GET', '/members')).toEqual({ need: 'owner', projectId: null });
    expect(accessFor('GET', '/projects/a%20b/editor').projectId).toBe('a b');
    // Comments and suggestions are every member's; their look-alikes and the rest of the editor are not.
    expect(accessFor('GET', '/projects/p1/editor/comments.json')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('POST', '/projects/p1/editor/suggestions.json')).toEqual({ need: 'read', projectId: 'p1' });
    expect(accessFor('POST', '/projects/p1/editor/review.json')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('POST', '/projects/p1/editor/comments.json/x')).toEqual({ need: 'edit', projectId: 'p1' });
    expect(accessFor('GET', '/projects/p1/editor/history.json')).toEqual({ need: 'edit', projectId: 'p1' });
  });

  it('keeps writes no rule names for owners, whatever the method', () => {
    expect(accessFor('POST', '/projects/p1/unknown')).toEqual({ need: 'owner', projectId: 'p1' });
    expect(accessFor('PUT', '/projects/p1/jobs')).toEqual({ need: 'owner', projectId: 'p1' });
    expect(accessFor('DELETE', '/projects/p1/editor/save.json')).toEqual({ need: 'edit', projectId: 'p1' });
    // Look-alikes of editor paths are not the editor.
    expect(accessFor('POST', '/projects/p1/jobs/j1/other')).toEqual({ need: 'owner', projectId: 'p1' });
    expect(accessFor('POST', '/projects/p1/editorial')).toEqual({ need: 'owner', projectId: 'p1' });
  });

  it('classifies every POST route the dashboard registers as listed above', () => {
    const app = createDashboard({ db: {} as Database, services: {} as AdminServices, editor: { workRoot: path.join(os.tmpdir(), 'folio-access-test') } });
    const posts = [...new Set(app.routes.filter((r) => r.method === 'POST').map((r) => r.path))].filter((p) => !['/login', '/logout', '/setup/:token', '/invite/:token'].includes(p));
    expect(posts.sort()).toEqual(Object.keys(WRITES).sort());
    for (const route of posts) expect(accessFor('POST', sample(route)).need, route).toBe(WRITES[route]);
  });
});
