/**
 * DNS-rebinding guard: a page on evil.example that resolves its name to 127.0.0.1 can make the
 * browser talk to the dev server, but the browser still sends `Host: evil.example`. Only
 * loopback names are accepted.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when the Host header names a loopback host (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return LOOPBACK.has(name) || name.endsWith('.localhost');
}
