export * from './automations.js';
export * from './cron.js';
