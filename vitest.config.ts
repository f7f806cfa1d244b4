import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src/**/x.test.ts); fixture, integration and
// browser tests live under test/. Two cores: keep the pool small so the
// database and browser tests do not starve each other.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'compat/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
