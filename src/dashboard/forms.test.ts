import { describe, expect, it } from 'vitest';
import { parseExpiry, parseProjectForm, parseSettingsForm } from './forms.js';
import { LoginThrottle } from './routes/login-throttle.js';

const base = { name: 'Docs', repoUrl: 'https://example.com/docs.git', branch: 'main', docsDir: 'docs' };

describe('project form', () => {
  it('accepts a good project and defaults branch and folder', () => {
    expect(parseProjectForm({ ...base, branch: '', docsDir: './' })).toEqual({ value: { ...base, branch: 'main', docsDir: '.' } });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ repoUrl: '-uevil' }, 'repoUrl'],
    [{ repoUrl: 'ext::sh -c touch' }, 'repoUrl'],
    [{ branch: '--force' }, 'branch'],
    [{ branch: 'a..b' }, 'branch'],
    [{ docsDir: '../etc' }, 'docsDir'],
    [{ docsDir: '/abs' }, 'docsDir'],
  ])('refuses %j naming field %s', (patch, field) => {
    const result = parseProjectForm({ ...base, ...patch });
    expect(result).toMatchObject({ problem: { field } });
  });

  it('reads custom domains and the agent rate', () => {
    expect(parseSettingsForm({ ...base, hostNames: 'Docs.Example.com, help.example.org', agentRatePerHour: '50' })).toEqual({
      value: { ...base, hostNames: ['docs.example.com', 'help.example.org'], agentRatePerHour: 50 },
    });
    expect(parseSettingsForm({ ...base, hostNames: 'bad host!', agentRatePerHour: '5' })).toMatchObject({ problem: { field: 'hostNames' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '0' })).toMatchObject({ problem: { field: 'agentRatePerHour' } });
  });

  it('turns expiry days into a date, 0 into never', () => {
    expect(parseExpiry('0')).toEqual({ value: null });
    expect(parseExpiry('30', 0)).toEqual({ value: new Date(30 * 86_400_000) });
    expect(parseExpiry('-1')).toMatchObject({ problem: { field: 'expiresInDays' } });
  });
});

describe('login throttle', () => {
  it('blocks an email after 10 failures in 15 minutes, and forgets them after', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 10; i++) throttle.fail('A@x.io');
    expect(throttle.blocked('a@x.io')).toBe(true);
    expect(throttle.blocked('b@x.io')).toBe(false);
    now = 15 * 60_000 + 1;
    expect(throttle.blocked('a@x.io')).toBe(false);
  });
});
