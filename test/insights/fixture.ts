/**
 * A small site's retrieval index (`fixtures/pages.json`, written as a build writes it) and readers'
 * questions about it. The questions use the pages' words, never their titles, so a topic found by
 * retrieval is found by content.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../src/analytics/index.js';
import { itemsOfConversations, type Topic } from '../../src/insights/index.js';
import { indexOfFile, retrievalHeaderLine, retrievalPageLine, type RetrievalPage } from '../../src/retrieval/index.js';

const pages = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/pages.json'), 'utf8')) as RetrievalPage[];
export const index = indexOfFile(retrievalHeaderLine({ siteName: 'Acme' }) + pages.map(retrievalPageLine).join(''))!;

export const SITE = 'https://acme.docs.example';
let turn = 0;
/** A turn as `assistantConversations` lists it; `cites`: site paths with an optional `#anchor`. */
export function conversation(query: string, cites: string[] = [], extra: { unanswered?: boolean; rating?: 'up' | 'down' | null } = {}): Conversation & { rating: 'up' | 'down' | null } {
  turn++;
  return {
    id: `m${turn}`,
    timestamp: '2026-07-01T00:00:00.000Z',
    query,
    response: '',
    responseType: 'answer',
    sources: cites.map((c) => ({ title: c, url: `${SITE}${c}` })),
    resolutionStatus: extra.unanswered ? 'unanswered' : 'answered',
    queryCategory: null,
    pageUrl: null,
    threadId: `t${turn}`,
    caller: 'web',
    rating: extra.rating ?? null,
  };
}

export const QUESTIONS = itemsOfConversations(
  [
    conversation('How can I keep a whole group out of the sidebar but reachable?', ['/guides/hidden-pages#hide-a-group'], { rating: 'up' }),
    conversation('do search engines index a page left out of the sidebar', ['/guides/hidden-pages']),
    conversation('Is the URL still reachable if I remove it from the sidebar?', ['/guides/hidden-pages', '/guides/tabs'], { rating: 'down' }),
    // No citation: retrieval finds the page by its words.
    conversation('how is the HMAC of each delivery computed, which signing secret?', [], { rating: 'down' }),
    conversation('does a delivery without a 2xx response get retried with backoff?', []),
    conversation('which header carries the signature of a delivery', ['/api/webhooks#retries']),
    conversation('TLS certificate renewal with Let\'s Encrypt', []),
    // Nothing in the docs: unanswered, tied by a shared word.
    conversation('Do you support SAML single sign-on?', [], { unanswered: true }),
    conversation('SAML login with Okta', [], { unanswered: true, rating: 'down' }),
    conversation('recipe for lasagna', [], { unanswered: true }),
  ],
  SITE,
);

export const topicOf = (topics: Topic[], path: string) => topics.find((t) => t.pages[0]?.path === path);
