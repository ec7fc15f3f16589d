// End-to-end tests: the built renderer in Debian Chromium against the browser host.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contract': resolve(import.meta.dirname, 'src-preload/contract') } },
  test: {
    environment: 'node',
    // The contract's build-time constants (CHANNEL_NAMES), as electron-vite defines them for the bundles.
    setupFiles: ['tests/helpers/contract-globals.ts'],
    include: ['tests/e2e/**/*.e2e.test.ts', 'tests/security/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
