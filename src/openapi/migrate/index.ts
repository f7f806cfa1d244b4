export * from './candidates.js';
export * from './plan.js';
export * from './apply.js';
