export * from './types.js';
export * from './folio.js';
export * from './github.js';
export * from './gitlab.js';
export * from './select.js';
