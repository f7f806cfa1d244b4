/** Whether `Accept-Encoding` takes gzip: named, or `*`, with a non-zero q. Hosted sites and the dashboard both ask. */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name === 'gzip' || name === 'x-gzip') return weight > 0;
    if (name === '*') star = weight > 0;
  }
  return star;
}
