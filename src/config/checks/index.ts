export { LANGUAGE_ALIASES, SPEC_LANGUAGES, SUPPORTED_LANGUAGES } from './languages.js';
export { runChecks } from './run.js';
