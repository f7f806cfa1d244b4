import { describe, expect, it } from 'vitest';
import { samePath, specId } from './entries.js';
import { createSlugDeduper, identifierSlug, joinHref, operationPathSlug, titleFromSlug, titleSlug } from './slug.js';

describe('spec ids and paths', () => {
  it('normalizes spec ids and compares paths ignoring trailing slashes', () => {
    expect(specId('/openapi.yaml')).toBe('openapi.yaml');
    expect(specId('./api/spec.json')).toBe('api/spec.json');
    expect(specId('https://x.test/o.json')).toBe('https://x.test/o.json');
    expect(samePath('/v1/events/', '/v1/events')).toBe(true);
    expect(samePath('/v1/events', '/v1/event')).toBe(false);
  });
});

describe('slugs', () => {
  it('slugs summaries and tags as the platform names generated pages, identifiers by word runs', () => {
    expect(titleSlug('Generate a chat message')).toBe('generate-a-chat-message');
    expect(titleSlug('Create a batch (phase 1)')).toBe('create-a-batch-phase-1');
    // As the platform publishes them (formbricks, comfyui, runpod).
    expect(titleSlug('Client API - Display')).toBe('client-api--display');
    expect(titleSlug('The job — if pinned, otherwise')).toBe('the-job-—-if-pinned-otherwise');
    expect(titleSlug("List a cluster's pods")).toBe('list-a-clusters-pods');
    expect(titleSlug('checkout_created')).toBe('checkout_created');
    // The platform's rule, on tags and summaries of real specs.
    expect(titleSlug('Account / Address')).toBe('account-address');
    expect(titleSlug('status\nNOT_FOUND')).toBe('statusnot_found');
    expect(titleSlug('New & Newly Verified')).toBe('new-&-newly-verified');
    expect(titleSlug('Use `jq`; a+b')).toBe('use-`jq`;-a+b');
    expect(titleSlug('Get user {id} details')).toBe('get-user--details');
    expect(titleSlug('A / B / C')).toBe('a-b-c');
    expect(titleSlug('Is the service up?')).toBe('is-the-service-up');
    expect(operationPathSlug('GET', '/services/metadata/api/v1/addresses')).toBe('get-servicesmetadataapiv1addresses');
    expect(operationPathSlug('DELETE', '/users/{id}')).toBe('delete-users');
    expect(operationPathSlug('GET', '/')).toBe('get-');
    expect(titleFromSlug('/api-reference/get-servicesmetadataapiv1addresses')).toBe('Get servicesmetadataapiv1addresses');
    expect(titleFromSlug('addresses/post-user_info-1')).toBe('Post user info 1');
    expect(identifierSlug('GET /api/v1/{id}/x')).toBe('get-api-v1-id-x');
    expect(identifierSlug('entities_delete_v1')).toBe('entities-delete-v1');
  });

  it('deduplicates in order and joins hrefs under the directory', () => {
    const unique = createSlugDeduper();
    expect(['a', 'a', 'a', 'a-1'].map(unique)).toEqual(['a', 'a-1', 'a-2', 'a-1-1']);
    expect(joinHref(undefined, 'users/list')).toBe('/api-reference/users/list');
    expect(joinHref('/v2/api/', 'x')).toBe('/v2/api/x');
  });
});
