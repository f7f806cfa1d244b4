import { HostingError } from '../codes.js';

/** Settings of shared object storage for published sites (`--storage s3://bucket/prefix`). */
export interface S3StorageConfig {
  bucket: string;
  /** Key prefix inside the bucket ('' for the bucket's root). */
  prefix: string;
  /** S3-compatible endpoint (MinIO, R2, a local server); AWS when unset. */
  endpoint?: string;
  region: string;
  /** Explicit credentials; otherwise the AWS SDK's default chain (AWS_ACCESS_KEY_ID, profiles, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (`endpoint/bucket/key`), which most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Bytes of file contents each server keeps in memory (LRU). */
  cacheBytes: number;
  /** How long a server trusts its cached live build id of a site (a switch notification drops it sooner). */
  liveTtlMs: number;
  /** Retired builds and unreferenced contents are deleted only after this long. */
  graceMs: number;
  /** At most one cleanup per server this often (after a publish). */
  collectEveryMs: number;
  /** Parallel uploads of one publish. */
  uploadConcurrency: number;
}

const number = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new HostingError('STORAGE_URL_INVALID', `${name}="${raw}" is not a non-negative number.`);
  return value;
};

/**
 * Storage settings from `--storage` (or `FOLIO_STORAGE`) and the environment: null for local
 * storage (`local`, empty, unset), else an S3 config. Endpoint, region, credentials and path style
 * come from `FOLIO_S3_ENDPOINT`, `FOLIO_S3_REGION`, `FOLIO_S3_ACCESS_KEY_ID`,
 * `FOLIO_S3_SECRET_ACCESS_KEY`, `FOLIO_S3_FORCE_PATH_STYLE`, falling back to the standard
 * `AWS_ENDPOINT_URL_S3`/`AWS_ENDPOINT_URL`, `AWS_REGION`/`AWS_DEFAULT_REGION` and the SDK's credential chain.
 */
export function parseStorage(url: string | undefined, env: NodeJS.ProcessEnv = process.env): S3StorageConfig | null {
  const value = (url ?? env.FOLIO_STORAGE ?? '').trim();
  if (value === '' || value === 'local') return null;
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
  if (!match) {
    throw new HostingError('STORAGE_URL_INVALID', `--storage "${value}" is not "local" or s3://<bucket>/<prefix> (a bucket name is 3-63 lowercase letters, digits, dots and dashes).`);
  }
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '..' || part === '.')) throw new HostingError('STORAGE_URL_INVALID', `--storage "${value}": the prefix may not contain "." or ".." segments.`);
  const endpoint = env.FOLIO_S3_ENDPOINT || env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  const pathStyle = (env.FOLIO_S3_FORCE_PATH_STYLE ?? '').toLowerCase();
  return {
    bucket: match[1]!,
    prefix,
    endpoint,
    region: env.FOLIO_S3_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    accessKeyId: env.FOLIO_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.FOLIO_S3_SECRET_ACCESS_KEY || undefined,
    // A custom endpoint is usually a self-hosted server that wants path-style addresses.
    forcePathStyle: pathStyle === '' ? endpoint !== undefined : pathStyle === '1' || pathStyle === 'true',
    cacheBytes: number(env, 'FOLIO_S3_CACHE_MB', 128) * 1024 * 1024,
    liveTtlMs: number(env, 'FOLIO_S3_LIVE_TTL_MS', 500),
    graceMs: number(env, 'FOLIO_S3_GRACE_SECONDS', 3600) * 1000,
    collectEveryMs: 10 * 60_000,
    uploadConcurrency: Math.max(1, Math.floor(number(env, 'FOLIO_S3_UPLOAD_CONCURRENCY', 8))),
  };
}
