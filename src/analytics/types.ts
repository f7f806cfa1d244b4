/**
 * What the analytics layer hands between its stages: the server observes a request (`PageHit`, still
 * holding the address and user agent, in memory only), or the events endpoint accepts a beacon
 * (`BeaconEvent`); the collector queues them as `QueuedEvent`s and writes `StoredEvent`s, where the
 * address and user agent have become a visitor hash.
 */
import type { FeedbackReason } from '../shared/index.js';

export type Audience = 'human' | 'agent';
/** How a view reached the site: a browser's HTML page, or an agent's Markdown, llms file, MCP tool call or crawl. */
export type ViewChannel = 'html' | 'markdown' | 'llms' | 'mcp' | 'crawler';

/** Which site of a project: its production site (`preview` null) or one of its branch previews. */
export interface SiteKey {
  projectId: string;
  preview: string | null;
}

/** A page view the server answered, as observed (never stored as is). */
export interface PageHit extends SiteKey {
  at: number;
  /** The page path on the site (base path taken off, no `.md`, no trailing slash; `/` for the home page). */
  path: string;
  audience: Audience;
  channel: ViewChannel;
  referrerHost: string;
  address: string;
  userAgent: string;
}

/** A search made in the site's search dialog, with how many results it found. */
export interface SearchBeacon {
  type: 'search';
  path: string;
  query: string;
  results: number;
}

/** A result a reader opened from a search. */
export interface SearchOpenBeacon {
  type: 'search_open';
  path: string;
  query: string;
  opened: string;
}

/** Page feedback (thumbs with an optional comment), feedback on one code snippet, or an agent's report (MCP `submit_feedback`). */
export interface FeedbackBeacon {
  type: 'feedback';
  path: string;
  source: 'contextual' | 'thumbs_only' | 'code_snippet' | 'agent';
  helpful: boolean | null;
  comment: string | null;
  contact: string | null;
  code: string | null;
  filename: string | null;
  lang: string | null;
  /** The preset reason picked with the thumb (`FEEDBACK_REASONS` of shared); null or absent when none was. */
  reason?: FeedbackReason | null;
}

/** What the events endpoint accepts, validated. */
export type BeaconEvent = SearchBeacon | SearchOpenBeacon | FeedbackBeacon;

/** An agent's search: a call of the site's MCP server's `search` tool, with the query it sent (as sent; normalised when written). */
export interface AgentSearch extends SiteKey {
  at: number;
  query: string;
  address: string;
  userAgent: string;
}

/** A unit of the collector's queue. */
export type QueuedEvent =
  | ({ kind: 'view' } & PageHit)
  | ({ kind: 'beacon'; at: number; address: string; userAgent: string; event: BeaconEvent } & SiteKey)
  | ({ kind: 'agent_search' } & AgentSearch);
