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
      value: { ...base, hostNames: ['docs.example.com', 'help.example.org'], agentRatePerHour: 50, basePath: '', siteAccess: 'public', siteAccessScope: 'site', sitePassword: '', siteOidc: { issuer: '', clientId: '', clientSecret: '', groupsClaim: '' }, siteJwt: { loginUrl: '', algorithm: 'EdDSA', key: '', audience: '', issuer: '' } },
    });
    expect(parseSettingsForm({ ...base, hostNames: 'bad host!', agentRatePerHour: '5' })).toMatchObject({ problem: { field: 'hostNames' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '0' })).toMatchObject({ problem: { field: 'agentRatePerHour' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', basePath: 'docs/' })).toMatchObject({ value: { basePath: '/docs' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', basePath: '/a/../b' })).toMatchObject({ problem: { field: 'basePath' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'password', siteAccessScope: 'hidden', sitePassword: 'short' })).toMatchObject({ problem: { field: 'sitePassword' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'oidc', oidcIssuer: 'not a url', oidcClientId: 'c' })).toMatchObject({ problem: { field: 'oidcIssuer' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'oidc', oidcIssuer: 'https://id.example.com', oidcClientId: 'c' })).toMatchObject({ value: { siteAccess: 'oidc', siteOidc: { issuer: 'https://id.example.com', clientId: 'c', clientSecret: '' } } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'oidc', oidcIssuer: 'https://id.example.com', oidcClientId: 'c', oidcGroupsClaim: ' roles ' })).toMatchObject({ value: { siteOidc: { groupsClaim: 'roles' } } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'jwt', jwtLoginUrl: 'javascript:alert(1)' })).toMatchObject({ problem: { field: 'jwtLoginUrl' } });
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'jwt', jwtLoginUrl: 'https://app.example.com/login', jwtAlgorithm: 'HS256', jwtKey: ' s3cret ', jwtAudience: 'docs' })).toMatchObject({
      value: { siteAccess: 'jwt', siteJwt: { loginUrl: 'https://app.example.com/login', algorithm: 'HS256', key: 's3cret', audience: 'docs', issuer: '' } },
    });
    // An algorithm the site does not offer (none, or a typo) is not passed on.
    expect(parseSettingsForm({ ...base, agentRatePerHour: '5', siteAccess: 'jwt', jwtLoginUrl: 'https://app.example.com/login', jwtAlgorithm: 'none' })).toMatchObject({ value: { siteJwt: { algorithm: 'EdDSA' } } });
  });

  it('turns expiry days into a date, 0 into never', () => {
    expect(parseExpiry('0')).toEqual({ value: null });
    expect(parseExpiry('30', 0)).toEqual({ value: new Date(30 * 86_400_000) });
    expect(parseExpiry('-1')).toMatchObject({ problem: { field: 'expiresInDays' } });
  });
});

describe('login throttle', () => {
  it('refuses an email from one address after 10 attempts in 15 minutes, not from another, and forgets them after', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 10; i++) expect(throttle.take('A@x.io', '10.0.0.1')).toBe(true);
    expect(throttle.take('a@x.io', '10.0.0.1')).toBe(false);
    expect(throttle.take('a@x.io', '10.0.0.2')).toBe(true);
    expect(throttle.take('b@x.io', '10.0.0.1')).toBe(true);
    now = 15 * 60_000 + 1;
    expect(throttle.take('a@x.io', '10.0.0.1')).toBe(true);
  });

  it('limits one address across emails, and a success takes its attempt back', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 30; i++) expect(throttle.take(`u${i}@x.io`, '10.0.0.9')).toBe(true);
    expect(throttle.take('owner@x.io', '10.0.0.9')).toBe(false);
    throttle.succeeded('u29@x.io', '10.0.0.9');
    expect(throttle.take('owner@x.io', '10.0.0.9')).toBe(true);
  });
});
