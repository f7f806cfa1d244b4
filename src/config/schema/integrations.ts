import { z } from 'zod';

/** Builds one integration entry whose fields are all strings unless given. */
function service(description: string, fields: Record<string, z.ZodType>) {
  return z.object(fields).optional().describe(description);
}

const s = (d: string) => z.string().describe(d);
const os = (d: string) => z.string().optional().describe(d);

export const integrationsSchema = z
  .object({
    adobe: service('Adobe Analytics.', { launchUrl: s('Adobe Launch script URL.') }),
    amplitude: service('Amplitude analytics.', { apiKey: s('Amplitude API key.') }),
    clarity: service('Microsoft Clarity.', { projectId: s('Clarity project ID.') }),
    clearbit: service('Clearbit.', { publicApiKey: s('Clearbit public API key.') }),
    fathom: service('Fathom analytics.', { siteId: s('Fathom site ID.') }),
    frontchat: z
      .union([z.string().describe('Front chat ID.'), z.object({ snippetId: s('Front chat ID.') })])
      .optional()
      .describe('Front chat widget: the chat ID (`"frontchat": "CHAT_ID"`).'),
    ga4: service('Google Analytics 4.', { measurementId: s('GA4 measurement ID, starting with `G-`.') }),
    gtm: service('Google Tag Manager.', { tagId: s('Tag Manager container ID.') }),
    heap: service('Heap analytics.', { appId: s('Heap app ID.') }),
    hightouch: service('Hightouch.', { writeKey: s('Hightouch write key.'), apiHost: os('Hightouch API host.') }),
    hotjar: service('Hotjar.', { hjid: s('Hotjar site ID.'), hjsv: s('Hotjar script version.') }),
    intercom: service('Intercom chat.', { appId: s('Intercom app ID.') }),
    koala: service('Koala.', { publicApiKey: s('Koala public API key.') }),
    logrocket: service('LogRocket.', { apiKey: os('LogRocket app ID (`org/app`).'), appId: os('Older name of `apiKey`.') }),
    mixpanel: service('Mixpanel.', {
      projectToken: s('Mixpanel project token.'),
      region: z.enum(['us', 'eu', 'in']).optional().describe('Data residency: `us` (default), `eu` or `in`.'),
    }),
    pirsch: service('Pirsch analytics.', { id: s('Pirsch site ID.') }),
    plausible: service('Plausible analytics.', { domain: s('Site domain as registered in Plausible.'), server: os('Self-hosted Plausible server.') }),
    posthog: service('PostHog analytics.', {
      apiKey: s('PostHog project API key (starts with `phc_`).'),
      apiHost: os('PostHog API host, for self-hosted or EU instances.'),
      sessionRecording: z.boolean().optional().describe('Record sessions (default `true`, as the platform does).'),
    }),
    segment: service('Segment.', { key: s('Segment write key.') }),
    transcend: service('Transcend consent management: loads your Airgap bundle, which then gates analytics.', { bundleId: s('Transcend bundle ID.') }),
    telemetry: service('Built-in telemetry and feedback.', {
      enabled: z.boolean().optional().describe('`false` turns off telemetry and feedback widgets.'),
    }),
    cookies: service('Cookie consent: analytics load only once local storage holds this key and value.', {
      key: os('Local storage key that records consent.'),
      value: os('Local storage value that means consent.'),
    }),
  })
  .describe('Third-party analytics and chat integrations.');
