import { describe, expect, it } from 'vitest';
import type { DocsConfig } from '../../config/index.js';
import { integrationHead, SERVICES } from './integrations.js';

type Integrations = NonNullable<DocsConfig['integrations']>;

// One fixture per service: its docs.json entry as the platform documents it, and tags it must load.
const FIXTURES: Record<string, [unknown, string[]]> = {
  adobe: [{ launchUrl: 'https://assets.adobedtm.com/launch-EN1.min.js' }, ['<script src="https://assets.adobedtm.com/launch-EN1.min.js" async>']],
  amplitude: [{ apiKey: '76bb138b' }, ['src="https://cdn.amplitude.com/script/76bb138b.js"', 'amplitude.init(&quot;76bb138b&quot;)']],
  clarity: [{ projectId: 'abc123xyz' }, ['window.clarity=', 'src="https://www.clarity.ms/tag/abc123xyz"']],
  clearbit: [{ publicApiKey: 'pk_1a1882' }, ['src="https://tag.clearbitscripts.com/v1/pk_1a1882/tags.js"']],
  fathom: [{ siteId: 'YSVMSDAY' }, ['src="https://cdn.usefathom.com/script.js" data-site="YSVMSDAY" defer']],
  ga4: [{ measurementId: 'G-XXXXXXX' }, ['src="https://www.googletagmanager.com/gtag/js?id=G-XXXXXXX" async', "gtag('config',\"G-XXXXXXX\")"]],
  gtm: [{ tagId: 'GTM-MGBL4PW' }, ["'gtm.start'", 'src="https://www.googletagmanager.com/gtm.js?id=GTM-MGBL4PW"']],
  heap: [{ appId: '1234567890' }, ['heap.appid="1234567890"', 'src="https://cdn.heapanalytics.com/js/heap-1234567890.js"']],
  hightouch: [{ writeKey: 'wk1', apiHost: 'eu.hightouch-events.com' }, ['events.min.js', 'htevents.load(&quot;wk1&quot;,{apiHost:&quot;eu.hightouch-events.com&quot;})']],
  hotjar: [{ hjid: '123', hjsv: '6' }, ['_hjSettings={hjid:"123",hjsv:"6"}', 'src="https://static.hotjar.com/c/hotjar-123.js?sv=6"']],
  koala: [{ publicApiKey: 'pk_963' }, ['src="https://cdn.getkoala.com/v1/pk_963/sdk.js"']],
  logrocket: [{ apiKey: 'org/app' }, ['LogRocket.min.js', 'LogRocket.init(&quot;org/app&quot;)']],
  mixpanel: [{ projectToken: 'tok', region: 'eu' }, ['mixpanel-2-latest.min.js', 'api_host:&quot;https://api-eu.mixpanel.com&quot;']],
  pirsch: [{ id: '8Kw7' }, ['src="https://api.pirsch.io/pa.js" id="pianjs" data-code="8Kw7" defer']],
  plausible: [{ domain: 'docs.domain.com' }, ['src="https://plausible.io/js/script.js" data-domain="docs.domain.com" defer']],
  posthog: [{ apiKey: 'phc_abc', sessionRecording: false }, ['posthog._i.push(["phc_abc",{"api_host":"https://us.i.posthog.com","disable_session_recording":true},\'posthog\'])', 'src="https://us-assets.i.posthog.com/static/array.js"']],
  segment: [{ key: 'nqJx' }, ['src="https://cdn.segment.com/analytics.js/v1/nqJx/analytics.min.js"', 'onload="analytics.page&amp;&amp;analytics.page()"']],
  intercom: [{ appId: 'abc123def4' }, ['window.intercomSettings={app_id:"abc123def4"}', 'src="https://widget.intercom.io/widget/abc123def4"']],
  frontchat: ['1365d046', ['chat.bundle.js', 'chatId:&quot;1365d046&quot;']],
  transcend: [{ bundleId: 'b-1' }, ['<script src="https://transcend-cdn.com/cm/b-1/airgap.js" data-cfasync="false"></script>']],
};

describe('integrations', () => {
  it('has a fixture for every service', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(SERVICES).sort());
  });

  it.each(Object.entries(FIXTURES))('%s loads as its guide says', (name, [config, expected]) => {
    const head = integrationHead({ [name]: config } as Integrations);
    expect(head.problems).toEqual([]);
    expect(head.loaded).toEqual([name]);
    for (const e of expected) expect(head.html).toContain(e);
  });

  it('uses a self-hosted PostHog host for the library too', () => {
    const head = integrationHead({ posthog: { apiKey: 'phc_x', apiHost: 'https://mango.mem0.ai' } } as Integrations);
    expect(head.html).toContain('src="https://mango.mem0.ai/static/array.js"');
    expect(head.html).toContain('"disable_session_recording":false');
  });

  it('refuses missing fields and unsafe values, loading the rest', () => {
    const head = integrationHead({ ga4: {}, adobe: { launchUrl: 'javascript:alert(1)' }, plausible: { domain: 'd', server: 'x"><script>' }, fathom: { siteId: 'S' } } as unknown as Integrations);
    expect(head.problems).toEqual(['ga4: needs `measurementId`', 'adobe: `launchUrl` must be an https URL', 'plausible: `server` must be a host name without https://']);
    expect(head.loaded).toEqual(['fathom']);
    expect(head.html).not.toContain('javascript:');
  });

  it('keeps ids from closing the script', () => {
    const head = integrationHead({ heap: { appId: '</script><script>alert(1)//' } } as Integrations);
    expect(head.html).not.toContain('</script><script>alert');
  });

  it('gates analytics behind the consent key, never the chat widget', () => {
    const head = integrationHead({ ga4: { measurementId: 'G-1' }, intercom: { appId: 'i1' }, cookies: { key: 'consent', value: 'yes' } } as Integrations);
    expect(head.html).toContain('<script type="text/plain" data-folio-consent src="https://www.googletagmanager.com/gtag/js?id=G-1" async>');
    expect(head.html).toContain('<script src="https://widget.intercom.io/widget/i1" async>');
    expect(head.html).toContain('localStorage.getItem("consent")!=="yes"');
  });

  it('leaves gating to Transcend when it is configured, and loads it first', () => {
    const head = integrationHead({ ga4: { measurementId: 'G-1' }, transcend: { bundleId: 'b' }, cookies: { key: 'c', value: 'v' } } as Integrations);
    expect(head.loaded).toEqual(['transcend', 'ga4']);
    expect(head.html).not.toContain('data-folio-consent');
  });

  it('loads nothing for the settings-only keys', () => {
    expect(integrationHead({ telemetry: { enabled: false }, cookies: { key: 'c', value: 'v' } } as Integrations)).toEqual({ html: '', problems: [], loaded: [], inline: [], handlers: [] });
  });
});
