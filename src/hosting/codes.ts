/**
 * Stable codes of hosting: published sites and the updates that publish them;
 * documented in docs/reference/errors/hosting.md. A failed update's `summary` starts with one.
 */
export const hostingCodes = {
  UPDATE_FETCH_FAILED: "The project's repository could not be fetched at its branch.",
  UPDATE_BUILD_FAILED: 'The site build reported errors; the last published site stays live.',
  UPDATE_PUBLISH_FAILED: 'The built site could not be published; the last published site stays live.',
  UPDATE_BAD_SOURCE: "The project's repository URL, branch or docs folder is refused.",
  UPDATE_SYMLINK_SKIPPED: 'A file of the docs folder is a symbolic link in the repository; it was left out of the build (a warning in the update log).',
  UPDATE_INTERRUPTED: 'The server stopped while the update ran; trigger it again.',
  UPDATE_INTERNAL: 'An unexpected error during an update (or while recording it); the summary or the server log has the details.',
  SITE_NOT_PUBLISHED: 'The project has no published site yet; trigger an update.',
  SITE_SIGN_IN_REQUIRED: 'The page is protected and the request carries no signed-in session of the site.',
  SITE_PASSWORD_WRONG: "The password does not match the site's password.",
  SITE_SIGN_IN_THROTTLED: 'Too many failed password attempts from this address for this site; wait 15 minutes.',
  SITE_SIGN_IN_BUSY: 'The server is checking too many passwords at once (its hashing pool is full); the attempt was not counted as wrong. Try again in a moment.',
  SITE_OIDC_FAILED: 'Sign-in through the OpenID Connect provider failed (unreachable, misconfigured, or its answer did not check out).',
  SITE_JWT_FAILED: "Sign-in through the team's app (JWT handshake) failed: its token or state did not check out (expired, wrong key, algorithm, audience or issuer, or a replayed state).",
  SITE_GROUP_REQUIRED: "The page is restricted to groups (frontmatter `groups`) the reader's session holds none of.",
  SITE_STORAGE_UNAVAILABLE: 'The shared site storage (S3) or the database naming the live build could not be read; the request may be retried.',
  STORAGE_URL_INVALID: '`--storage` (or FOLIO_STORAGE, FOLIO_S3_*) is not a storage Folio can use.',
  DELIVERY_NOT_FOUND: 'No webhook at this address: the provider is not github, gitlab or generic.',
  DELIVERY_SIGNATURE_INVALID: "The delivery's signature or token is missing or does not match the project's webhook secret (also the answer for a project id that does not exist).",
  DELIVERY_REPLAYED: 'The delivery id was accepted before, or the delivery carries none.',
  DELIVERY_BAD_PAYLOAD: 'The delivery body is not a JSON object, or too large.',
  DELIVERY_STATUS_FAILED: 'A commit status could not be reported to GitHub (server log only).',
  DELIVERY_EXPIRED: "An automation webhook event's X-Folio-Timestamp is not within five minutes of the server clock (an old or replayed capture).",
  DELIVERY_AUTOMATION_INACTIVE: 'The automation the webhook event is for is paused, so the event started no run.',
} as const;

export type HostingCode = keyof typeof hostingCodes;

/** A failed step of an update, with its stable code; the update's summary is `CODE: message`. */
export class HostingError extends Error {
  constructor(
    readonly code: HostingCode,
    message: string,
  ) {
    super(message);
    this.name = 'HostingError';
  }
}
