import { describe, expect, it } from 'vitest';
import { classifyRequest, namesPage, pagePathOf, referrerHostOf, type ObservedRequest } from './classify.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const base: ObservedRequest = { method: 'GET', path: '/guide', status: 200, contentType: 'text/html; charset=utf-8', userAgent: CHROME, prefetch: false };
const of = (r: Partial<ObservedRequest>) => classifyRequest({ ...base, ...r });

describe('classifyRequest', () => {
  it('counts a browser page as a human view and an AI crawler on the same page as an agent', () => {
    expect(of({})).toEqual({ audience: 'human', channel: 'html', path: '/guide' });
    expect(of({ userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)' })).toEqual({ audience: 'agent', channel: 'crawler', path: '/guide' });
    expect(of({ userAgent: 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' })?.audience).toBe('agent');
  });

  it('counts Markdown, llms files and MCP tool calls as agent views, whatever the user agent', () => {
    expect(of({ path: '/guide.md', contentType: 'text/markdown; charset=utf-8', userAgent: 'curl/8.5' })).toEqual({ audience: 'agent', channel: 'markdown', path: '/guide' });
    expect(of({ path: '/llms.txt', contentType: 'text/plain' })).toEqual({ audience: 'agent', channel: 'llms', path: '/llms.txt' });
    expect(of({ path: '/llms-full.txt', contentType: 'text/plain' })?.channel).toBe('llms');
    expect(of({ path: '/mcp', method: 'POST', contentType: 'application/json', mcpTool: { name: 'get_page', page: 'https://x.example/quickstart' } })).toEqual({ audience: 'agent', channel: 'mcp', path: '/quickstart' });
    expect(of({ path: '/mcp', method: 'POST', contentType: 'application/json', mcpTool: { name: 'search', page: null } })).toEqual({ audience: 'agent', channel: 'mcp', path: '/mcp' });
  });

  it('leaves out other bots, prefetches, failures, assets, HEAD and MCP calls that are not tool calls', () => {
    expect(of({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toBeNull();
    expect(of({ userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') })).toBeNull();
    expect(of({ userAgent: '' })).toBeNull();
    expect(of({ prefetch: true })).toBeNull();
    expect(of({ status: 404 })).toBeNull();
    expect(of({ status: 304 })).toBeNull();
    expect(of({ method: 'HEAD' })).toBeNull();
    expect(of({ path: '/assets/site.0123456789.js', contentType: 'text/javascript' })).toBeNull();
    expect(of({ path: '/mcp', method: 'POST', contentType: 'application/json', mcpTool: null })).toBeNull();
  });
});

describe('namesPage', () => {
  it('asks the build for the page of every view but the llms files and MCP calls other than get_page', () => {
    expect(namesPage(of({})!)).toBe(true);
    expect(namesPage(of({ path: '/assets/nav.141286c656.html' })!)).toBe(true);
    expect(namesPage(of({ path: '/guide.md', contentType: 'text/markdown' })!)).toBe(true);
    expect(namesPage(of({ path: '/mcp', method: 'POST', contentType: 'application/json', mcpTool: { name: 'get_page', page: '/quickstart' } })!)).toBe(true);
    expect(namesPage(of({ path: '/llms.txt', contentType: 'text/plain' })!)).toBe(false);
    expect(namesPage(of({ path: '/mcp', method: 'POST', contentType: 'application/json', mcpTool: { name: 'search', page: null } })!)).toBe(false);
  });
});

describe('pagePathOf', () => {
  it('names the page whatever form the path takes', () => {
    expect(['/', '', '/index', '/index.html', '/index.md'].map(pagePathOf)).toEqual(['/', '/', '/', '/', '/']);
    expect(['/a/b/', '/a/b.md', '/a/b.html', '/a/b/index.html', '/a/b?x=1'].map(pagePathOf)).toEqual(['/a/b', '/a/b', '/a/b', '/a/b', '/a/b']);
  });
});

describe('referrerHostOf', () => {
  it('keeps another site’s host only', () => {
    expect(referrerHostOf('https://www.google.com/search?q=x', 'docs.example')).toBe('www.google.com');
    expect(referrerHostOf('https://docs.example/a', 'docs.example')).toBe('');
    expect(referrerHostOf('not a url', 'docs.example')).toBe('');
    expect(referrerHostOf(null, 'docs.example')).toBe('');
  });
});
