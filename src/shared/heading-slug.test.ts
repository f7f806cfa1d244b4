import { describe, expect, it } from 'vitest';
import { fieldSlug, headingSlug, PageSlugger } from './heading-slug.js';

describe('headingSlug: the platform documented examples (create/text.mdx)', () => {
  it.each([
    ['Getting started', 'getting-started'],
    ['Config.json options', 'config-json-options'],
    ["What's new", 'what’s-new'],
    ['Rate limits (per minute)', 'rate-limits-per-minute'],
    ['Read/write access', 'read/write-access'],
    ['Fees & billing', 'fees-&-billing'],
    ['OAuth', 'oauth'],
  ])('%s → %s', (text, id) => expect(headingSlug(text)).toBe(id));

  it('keeps letters of every script and emoji, drops other symbols but keeps each space', () => {
    expect(headingSlug('Lazy evaluation (V1 → V3)')).toBe('lazy-evaluation-v1--v3');
    expect(headingSlug('🧑\u200d💻 OAuth app setup')).toBe('🧑\u200d💻-oauth-app-setup');
    expect(headingSlug('存储 标签页')).toBe('存储-标签页');
    expect(headingSlug('Why? Because!')).toBe('why-because');
    expect(headingSlug('The fix: json_mode')).toBe('the-fix-json_mode');
    expect(headingSlug('A; b, "c" [d] {e}')).toBe('a-b-c-d-e');
  });
});

describe('fieldSlug', () => {
  it.each([
    ['retryOn', 'param-retry-on'],
    ['thumbnails.background', 'param-thumbnails-background'],
    ['--max-session-duration', 'param-max-session-duration'],
    ['payment_request.payment_failure', 'param-payment-request-payment-failure'],
    ['icons', 'param-icons'],
    ['HTTPServer', 'param-http-server'],
  ])('%s → %s', (name, id) => expect(fieldSlug(name)).toBe(id));
});

describe('PageSlugger', () => {
  it('numbers duplicate headings from 2 and duplicate fields from 1', () => {
    const s = new PageSlugger();
    expect([s.heading('Overview'), s.heading('Overview'), s.heading('Overview')]).toEqual(['overview', 'overview-2', 'overview-3']);
    expect([s.field('payment.requires_action'), s.field('payment.requires_action')]).toEqual(['param-payment-requires-action', 'param-payment-requires-action-1']);
  });

  it('does not hand out an id the author claimed', () => {
    const s = new PageSlugger();
    s.claim('setup');
    expect(s.heading('Setup')).toBe('setup-2');
  });
});
