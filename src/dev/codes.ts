/** Stable codes the dev server reports (documented in docs/reference/errors/dev.md). */
export const DEV_CODES = {
  DEV_FORBIDDEN_HOST: 'A request named a Host other than localhost, 127.0.0.1 or [::1] and was refused (403).',
  DEV_PATH_ESCAPE: 'A request path left the docs root and was refused (403).',
  DEV_NOT_SERVED: 'A route only `folio serve` has (analytics events) was asked of the preview: 404.',
  DEV_BODY_TOO_LARGE: 'A request to the assistant or discovery routes had a body over 1 MB: 413.',
  DEV_PORT_IN_USE: 'The chosen port is taken; pass another with --port.',
} as const;

export type DevCode = keyof typeof DEV_CODES;
