import { createHash } from 'node:crypto';

/** Longest DNS label. */
const LABEL_MAX = 63;

/** The host-label form of a branch: lowercase letters and digits, runs of anything else as one dash. */
function labelOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Room left for a slug in `<slug>--<projectId>` within one DNS label (at least 8). */
function room(projectId: string): number {
  return Math.max(8, LABEL_MAX - 2 - projectId.length);
}

/**
 * The slug a preview of `branch` is served under: `<slug>--<projectId>.<site domain>`.
 * Never contains `--` (so the host splits at the first one), never starts or ends with a dash,
 * and fits one DNS label with the project id. With `hashed`, a short hash of the branch ends it,
 * for a branch whose plain slug another branch holds (`feature/a` and `feature-a`) or that was cut.
 */
export function previewSlug(branch: string, projectId: string, hashed = false): string {
  const max = room(projectId);
  const plain = labelOf(branch) || 'branch';
  if (!hashed && plain.length <= max) return plain;
  const hash = createHash('sha256').update(branch).digest('hex').slice(0, 6);
  const head = plain.slice(0, max - hash.length - 1).replace(/-+$/g, '');
  return head ? `${head}-${hash}` : hash;
}

/** The host label of a preview: `<slug>--<projectId>`. */
export function previewLabel(slug: string, projectId: string): string {
  return `${slug}--${projectId}`;
}

/** Split a host label into project and preview slug (`null` for the production site). */
export function parseSiteLabel(label: string): { projectId: string; preview: string | null } | null {
  const at = label.indexOf('--');
  if (at < 0) return label ? { projectId: label, preview: null } : null;
  const preview = label.slice(0, at);
  const projectId = label.slice(at + 2);
  if (!preview || !projectId) return null;
  return { projectId, preview };
}
