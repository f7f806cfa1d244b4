export { checkLanguageCode, SPEC_LANGUAGES, type LanguageCheck } from './languages.js';
export { runChecks } from './run.js';
