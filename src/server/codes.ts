/** Stable error codes of the composed server (`folio serve`, `folio start`); documented in docs/reference/errors/server.md. */
export const serverCodes = {
  SERVER_PORT_IN_USE: 'Another process listens on the port `folio serve` was given.',
} as const;

export type ServerCode = keyof typeof serverCodes;
