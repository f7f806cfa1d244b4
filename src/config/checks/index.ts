export { checkLanguageCode, SPEC_LANGUAGES, type LanguageCheck } from './languages.js';
export { resolveShapes, runChecks } from './run.js';
