export * from './site-store.js';
export { S3SiteStore, S3Build, type GarbageReport, type Manifest } from './s3-store.js';
export { parseStorage, type S3StorageConfig } from './storage-config.js';
export { buildFileReader } from './file-reader.js';
