export { buildSite, type BuildOptions, type BuildResult, type BuildStats } from './build-site.js';
export { loadSite, type LoadedSite } from './load-site.js';
export { SiteRenderer, type PageBody } from './site-renderer.js';
export { siteAssets, bundleClient } from './assets.js';
export { runMdxJob, type MdxJob, type MdxResult } from './mdx-job.js';
export { htmlFileFor } from './site-files.js';
export { BUILD_CODES, type BuildCode } from './codes.js';
