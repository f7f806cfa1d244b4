import type { z } from 'zod';
import type { FieldPath } from './source-map.js';

/** A key present in the input that the schema does not define. */
export interface UnknownKey {
  path: FieldPath;
  key: string;
  known: string[];
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const unwrapped = new WeakMap<z.ZodType, z.ZodType>();
const shapes = new WeakMap<z.ZodType, Record<string, z.ZodType>>();

/** Strip wrappers (optional, default, lazy, pipe, ...) to the schema that shapes the value. */
function unwrap(schema: z.ZodType): z.ZodType {
  let cached = unwrapped.get(schema);
  if (!cached) {
    cached = unwrapUncached(schema);
    unwrapped.set(schema, cached);
  }
  return cached;
}

function unwrapUncached(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) s = def.innerType as z.ZodType;
    // `_zod.innerType` is zod's cached result of the lazy getter: calling the getter
    // again would build a fresh schema per visit (measured: 600 ms on prefect).
    else if (def.type === 'lazy') s = (s as unknown as { _zod: { innerType: z.ZodType } })._zod.innerType;
    else if (def.type === 'pipe') s = def.in as z.ZodType;
    else return s;
  }
  return s;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object's shape with getters evaluated once (navigation shapes use getters for recursion). */
function shapeOf(s: z.ZodType): Record<string, z.ZodType> {
  let shape = shapes.get(s);
  if (!shape) {
    const raw = defOf(s).shape as Record<string, z.ZodType>;
    shape = Object.fromEntries(Object.keys(raw).map((k) => [k, raw[k]!]));
    shapes.set(s, shape);
  }
  return shape;
}

/** Pick the union member that best fits `value` without running a full parse. */
function pickOption(options: z.ZodType[], value: unknown): z.ZodType | undefined {
  const unwrapped = options.map(unwrap);
  if (isPlainObject(value)) {
    const objects = unwrapped.filter((o) => defOf(o).type === 'object' || defOf(o).type === 'record');
    if (objects.length <= 1) return objects[0];
    let best = objects[0];
    let bestHits = -1;
    for (const o of objects) {
      if (defOf(o).type !== 'object') continue;
      const shape = shapeOf(o);
      const hits = Object.keys(value).filter((k) => k in shape).length;
      if (hits > bestHits) {
        best = o;
        bestHits = hits;
      }
    }
    return best;
  }
  if (Array.isArray(value)) return unwrapped.find((o) => defOf(o).type === 'array');
  return undefined;
}

/**
 * Walk `value` alongside `schema` and list every object key the schema does not
 * define. zod strips such keys silently; Folio reports them as warnings instead.
 */
export function findUnknownKeys(schema: z.ZodType, value: unknown, path: FieldPath = [], out: UnknownKey[] = []): UnknownKey[] {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object' && isPlainObject(value)) {
    const shape = shapeOf(s);
    for (const [k, v] of Object.entries(value)) {
      const child = Object.hasOwn(shape, k) ? shape[k] : undefined;
      if (child) findUnknownKeys(child, v, [...path, k], out);
      else out.push({ path, key: k, known: Object.keys(shape) });
    }
  } else if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((v, i) => findUnknownKeys(def.element as z.ZodType, v, [...path, i], out));
  } else if (def.type === 'record' && isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) findUnknownKeys(def.valueType as z.ZodType, v, [...path, k], out);
  } else if (def.type === 'union') {
    const option = pickOption(def.options as z.ZodType[], value);
    if (option) findUnknownKeys(option, value, path, out);
  }
  return out;
}
