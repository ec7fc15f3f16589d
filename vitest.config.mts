// Unit and integration tests: plain Node, no Electron, no browser.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { contractDefines } from './scripts/contract-defines';

export default defineConfig({
  resolve: { alias: { '@contract': resolve(import.meta.dirname, 'src-preload/contract') } },
  define: contractDefines(),
  test: {
    environment: 'node',
    pool: 'forks',
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', '**/*.e2e.test.ts', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
