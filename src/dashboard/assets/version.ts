import { createHash } from 'node:crypto';
import { DASHBOARD_JS } from './client.js';
import { DASHBOARD_CSS } from './styles.js';

/** Content hash of the assets: pages link `app.css?v=<hash>` so assets can be cached for a year. */
export const ASSET_VERSION = createHash('sha256').update(DASHBOARD_CSS).update(DASHBOARD_JS).digest('hex').slice(0, 10);
