import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, parseBeacon } from './beacon-schema.js';

const snippet = { type: 'feedback', path: '/guide/install', source: 'code_snippet', code: 'npm i acme\n', filename: 'install.sh', lang: 'bash', comment: ' Use pnpm here. ' };

describe('code-snippet feedback events', () => {
  it('keeps the block (code, title, language) and the trimmed comment', () => {
    expect(parseBeacon(snippet)).toEqual({
      event: { type: 'feedback', path: '/guide/install', source: 'code_snippet', helpful: null, comment: 'Use pnpm here.', contact: null, code: 'npm i acme\n', filename: 'install.sh', lang: 'bash', reason: null },
    });
    // A block without a title or language (a plain fence) is named by its code alone.
    const { filename, lang, ...bare } = snippet;
    expect(parseBeacon(bare)).toMatchObject({ event: { filename: null, lang: null, code: 'npm i acme\n' } });
    expect([filename, lang]).toEqual(['install.sh', 'bash']);
  });

  it('refuses a snippet event without its code or without anything said about it', () => {
    expect(parseBeacon({ ...snippet, code: undefined })).toEqual({ problem: 'code: code-snippet feedback names its snippet', code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, code: '   ' })).toEqual({ problem: 'code: code-snippet feedback names its snippet', code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, comment: '  \n ' })).toEqual({ problem: 'comment: code-snippet feedback is a comment (or a thumb)', code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, comment: undefined, helpful: false })).toMatchObject({ event: { helpful: false, comment: null } });
  });

  it('bounds every field of it, and refuses fields it does not know', () => {
    expect(parseBeacon({ ...snippet, code: 'x'.repeat(5000) })).toHaveProperty('event');
    expect(parseBeacon({ ...snippet, code: 'x'.repeat(5001) })).toEqual({ problem: expect.stringMatching(/^code: /), code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, comment: 'x'.repeat(2001) })).toEqual({ problem: expect.stringMatching(/^comment: /), code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, filename: 'x'.repeat(201) })).toEqual({ problem: expect.stringMatching(/^filename: /), code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, lang: 'x'.repeat(41) })).toEqual({ problem: expect.stringMatching(/^lang: /), code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, lang: 7 })).toEqual({ problem: expect.stringMatching(/^lang: /), code: 'ANALYTICS_INVALID' });
    expect(parseBeacon({ ...snippet, line: 3 })).toEqual({ problem: expect.stringMatching(/unrecognized key/i), code: 'ANALYTICS_INVALID' });
    // The largest snippet event the fields allow (ASCII) fits the endpoint's byte limit.
    const largest = JSON.stringify({ ...snippet, code: 'x'.repeat(5000), comment: 'y'.repeat(2000), filename: 'f'.repeat(200), lang: 'l'.repeat(40), path: '/' + 'p'.repeat(511) });
    expect(Buffer.byteLength(largest)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  });

  it('drops snippet fields from page feedback', () => {
    expect(parseBeacon({ type: 'feedback', path: '/', helpful: true, code: 'x', lang: 'js' })).toMatchObject({ event: { source: 'thumbs_only', code: null, lang: null } });
  });
});

describe('control characters', () => {
  it('are refused in every field, except tabs and line breaks in a comment or code', () => {
    const control = (field: string) => ({ problem: `${field}: holds a control character (only a comment or code may hold tabs and line breaks)`, code: 'ANALYTICS_CONTROL_CHARACTER' });
    expect(parseBeacon({ ...snippet, comment: 'a\u0000b' })).toEqual(control('comment'));
    expect(parseBeacon({ ...snippet, code: 'x\u001b[31m' })).toEqual(control('code'));
    expect(parseBeacon({ ...snippet, filename: 'a\tb' })).toEqual(control('filename'));
    expect(parseBeacon({ type: 'search', path: '/', query: 'a\nb', results: 1 })).toEqual(control('query'));
    expect(parseBeacon({ type: 'search_open', path: '/', query: 'a', opened: '/x\u0000' })).toEqual(control('opened'));
    expect(parseBeacon({ ...snippet, comment: 'one\n\ttwo\r\n', code: 'if x:\n\treturn\r\n' })).toMatchObject({ event: { comment: 'one\n\ttwo', code: 'if x:\n\treturn\r\n' } });
  });
});

describe('preset reasons of page feedback', () => {
  const thumb = (helpful: boolean, reason: unknown) => parseBeacon({ type: 'feedback', path: '/guide', helpful, reason });
  it('keeps a reason of the thumb it came with, which makes the feedback contextual', () => {
    expect(thumb(false, 'out_of_date')).toMatchObject({ event: { source: 'contextual', helpful: false, reason: 'out_of_date', comment: null } });
    expect(thumb(true, 'solved_problem')).toMatchObject({ event: { source: 'contextual', helpful: true, reason: 'solved_problem' } });
    expect(thumb(true, 'other')).toMatchObject({ event: { reason: 'other' } });
    expect(parseBeacon({ type: 'feedback', path: '/guide', helpful: true })).toMatchObject({ event: { source: 'thumbs_only', reason: null } });
  });

  it('refuses a reason of the other thumb, an unknown one, or one on code-snippet feedback, with its own code', () => {
    const unknown = (problem: string) => ({ problem, code: 'ANALYTICS_UNKNOWN_REASON' });
    expect(thumb(true, 'inaccurate')).toEqual(unknown('reason: "inaccurate" is not a reason offered with a thumbs up'));
    expect(thumb(false, 'solved_problem')).toEqual(unknown('reason: "solved_problem" is not a reason offered with a thumbs down'));
    expect(thumb(false, 'spam')).toEqual(unknown('reason: "spam" is not a reason offered with a thumbs down'));
    expect(parseBeacon({ ...snippet, reason: 'inaccurate' })).toEqual(unknown('reason: "inaccurate" is not a reason offered with code-snippet feedback'));
    expect(thumb(false, 7)).toEqual({ problem: expect.stringMatching(/^reason: /), code: 'ANALYTICS_INVALID' });
    expect(thumb(false, 'x'.repeat(41))).toEqual({ problem: expect.stringMatching(/^reason: /), code: 'ANALYTICS_INVALID' });
  });
});
