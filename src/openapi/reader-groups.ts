/**
 * Parts of an endpoint page only some readers see (the platform's `x-mint.groups` on properties and
 * `oneOf` options, `x-mint-enum` on enum values). The build renders them all, each marked with
 * `data-folio-groups` (the groups as base64url JSON) and `hidden`, a property or option ending with an
 * empty `<template data-folio-groups-end>`; `folio serve` keeps those of the reader's groups and removes
 * the rest (`hosting/sites/personalize.ts`). The playground's data is cut the same way (`forGroups`).
 */

/** The attribute of a part seen by some groups only. */
export const GROUPS_ATTRIBUTE = 'data-folio-groups';
/** The attribute of the page's data block holding the playground's whole data, parts for some groups included. */
export const PLAYGROUND_GROUPS_ATTRIBUTE = 'data-folio-playground-groups';
/** The attribute of the empty `<template>` closing such a part. */
export const GROUPS_END_ATTRIBUTE = 'data-folio-groups-end';

/**
 * The attribute of a variant of a part made per set of the reader's groups (the generated request
 * examples): `{ groups, sets }` as base64url JSON; a reader gets the variant whose `sets` hold their
 * groups among `groups`, sorted. It ends with an empty `<template data-folio-group-sets-end>`.
 */
export const GROUP_SETS_ATTRIBUTE = 'data-folio-group-sets';
export const GROUP_SETS_END_ATTRIBUTE = 'data-folio-group-sets-end';

export function encodeGroupSets(value: { groups: string[]; sets: string[][] }): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Whether a variant (its attribute's text) is the one for a reader of `reader` groups; false when malformed. */
export function groupSetsHold(text: string, reader: ReadonlySet<string>): boolean {
  if (text.length > 8000 || !/^[\w-]*$/.test(text)) return false;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { groups?: unknown; sets?: unknown };
    if (!Array.isArray(value.groups) || !Array.isArray(value.sets)) return false;
    const mine = JSON.stringify(value.groups.filter((g): g is string => typeof g === 'string' && reader.has(g)).sort());
    return value.sets.some((set) => Array.isArray(set) && JSON.stringify([...set].sort()) === mine);
  } catch {
    return false;
  }
}

/** Groups as the attribute keeps them. */
export function encodeGroups(groups: readonly string[]): string {
  return Buffer.from(JSON.stringify(groups), 'utf8').toString('base64url');
}

/** Groups read back from an attribute; null when malformed (a part no reader sees). */
export function decodeGroups(text: string): string[] | null {
  if (text.length > 8000 || !/^[\w-]*$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(value) && value.every((g) => typeof g === 'string') ? (value as string[]) : null;
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const allowed = (groups: unknown, reader: ReadonlySet<string>) => Array.isArray(groups) && groups.some((g) => typeof g === 'string' && reader.has(g));

/**
 * A JSON value (the playground's data) as a reader of `reader` groups sees it: every object in an array
 * whose `groups` none of theirs is left out, every `enum` loses the values its `enumGroups` keeps from
 * them, and both keys are dropped.
 */
export function forGroups(value: unknown, reader: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.filter((item) => !(isRecord(item) && item.groups !== undefined && !allowed(item.groups, reader))).map((item) => forGroups(item, reader));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'groups' || key === 'enumGroups') continue;
    // An example is the author's value, not the form: its own `groups` key stays.
    out[key] = key === 'example' ? item : forGroups(item, reader);
  }
  if (isRecord(value.enumGroups) && Array.isArray(out.enum)) {
    const byValue = value.enumGroups;
    out.enum = (out.enum as unknown[]).filter((v) => typeof v !== 'string' || !Object.hasOwn(byValue, v) || allowed(byValue[v], reader));
  }
  return out;
}

/** Whether a JSON value holds parts for some groups only. */
export function hasGroupParts(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasGroupParts);
  if (!isRecord(value)) return false;
  return value.groups !== undefined || value.enumGroups !== undefined || Object.entries(value).some(([key, item]) => key !== 'example' && hasGroupParts(item));
}
