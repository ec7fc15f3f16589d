// Unit and integration tests: plain Node, no Electron, no browser.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contract': resolve(import.meta.dirname, 'src-preload/contract') } },
  test: {
    environment: 'node',
    // The contract's build-time constants (CHANNEL_NAMES), as electron-vite defines them for the bundles.
    setupFiles: ['tests/helpers/contract-globals.ts'],
    pool: 'forks',
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', '**/*.e2e.test.ts', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
