import { describe, expect, it } from 'vitest';
import { citationLines, markdownToSlack } from './format.js';
import { intentOf } from './intent.js';
import { slackSignature, verifySlackRequest } from './verify.js';

const secret = '8f742231b10e8888abcd99yyyzzz85a5';
const body = new TextEncoder().encode('token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather');

describe('Slack request signatures', () => {
  it("matches Slack's documented example", () => {
    // The example request of Slack's "Verifying requests from Slack" page, and the signature it gives.
    const example = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
    expect(slackSignature(secret, '1531420618', example)).toBe('v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503');
  });

  it('accepts a fresh signed request and refuses a forged, malformed or stale one', () => {
    const now = 1_700_000_000;
    const ts = String(now - 10);
    expect(verifySlackRequest(secret, body, { timestamp: ts, signature: slackSignature(secret, ts, body) }, now)).toBeNull();
    expect(verifySlackRequest(secret, body, { timestamp: ts, signature: slackSignature('other', ts, body) }, now)?.code).toBe('SLACK_SIGNATURE_INVALID');
    expect(verifySlackRequest(secret, body, { timestamp: ts, signature: 'v1=abc' }, now)?.code).toBe('SLACK_SIGNATURE_INVALID');
    expect(verifySlackRequest(secret, body, { timestamp: ts }, now)?.code).toBe('SLACK_SIGNATURE_INVALID');
    const old = String(now - 301);
    expect(verifySlackRequest(secret, body, { timestamp: old, signature: slackSignature(secret, old, body) }, now)?.code).toBe('SLACK_TIMESTAMP_STALE');
    expect(verifySlackRequest(secret, body, { timestamp: 'soon', signature: slackSignature(secret, 'soon', body) }, now)?.code).toBe('SLACK_TIMESTAMP_STALE');
  });
});

describe('answers as Slack text', () => {
  it('turns links into <url|title> on the site, bold into *bold*, and escapes &, < and >', () => {
    expect(markdownToSlack('Use **care** & see [Install <now>](/guides/install#req) or [x](https://example.com/a|b).', 'https://docs.example.com/')).toBe(
      'Use *care* &amp; see <https://docs.example.com/guides/install#req|Install &lt;now&gt;> or <https://example.com/a%7Cb|x>.',
    );
  });

  it('lists each cited page once, under the base path', () => {
    expect(citationLines([{ path: '/a', anchor: 'b', title: 'A | B' }, { path: '/a', anchor: 'b' }, { path: '/c' }], 'https://d.example/', '/docs')).toBe(
      '\n\n*Sources*\n• <https://d.example/docs/a#b|A / B>\n• <https://d.example/docs/c|/c>',
    );
    expect(citationLines([], 'https://d.example/')).toBe('');
  });
});

describe('what a message asks for', () => {
  it.each([
    ['<@U1> please document the new --flag', 'change'],
    ['<@U1> fix the broken link on the install page', 'change'],
    ['Could you please update the quickstart', 'change'],
    ['<@U1> how do I fix a broken install?', 'question'],
    ['<@U1> what does --flag do?', 'question'],
    ['<@U1>', 'empty'],
  ])('%s → %s', (text, kind) => {
    expect(intentOf(text).kind).toBe(kind);
  });

  it('gives the agent the words as typed (Slack escapes &, < and >)', () => {
    expect(intentOf('<@U1> document a &lt;b&gt; &amp; c')).toEqual({ kind: 'change', prompt: 'document a <b> & c' });
  });
});
