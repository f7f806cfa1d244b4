export * from './automations.js';
export * from './cron.js';
export * from './kinds.js';
export { branchForAutomation } from './job-hooks.js';
export { translateAgent, translationPrompt, MAX_TRANSLATIONS_PER_RUN } from './translate.js';
