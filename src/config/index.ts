export * from './schema/index.js';
export { loadDocsConfig, type LoadedDocsConfig, type LoadOptions } from './load/load.js';
export { type FieldPath, formatPath } from './load/source-map.js';
export { configTooDeep, MAX_CONFIG_DEPTH } from './load/depth.js';
export { checkLanguageCode, type LanguageCheck } from './checks/index.js';
export { CONFIG_CODES, type ConfigCode } from './codes.js';
export { docsJsonSchema } from './json-schema.js';
export { mintToDocs } from './mint/convert.js';
