import { randomBytes } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `length` random lowercase letters and digits (host-name safe). */
export function randomBase36(length: number): string {
  // 252 = 7 * 36: rejecting bytes above it keeps every character equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += BASE36[byte % 36];
    }
  }
  return out;
}

/** A project id readable in URLs and usable as a host label: `<slug>-<6 random>`. */
export function newProjectId(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return `${slug || 'project'}-${randomBase36(6)}`;
}
