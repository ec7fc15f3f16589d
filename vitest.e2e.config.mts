// End-to-end tests: the built renderer in Debian Chromium against the browser host.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { contractDefines } from './scripts/contract-defines';

export default defineConfig({
  resolve: { alias: { '@contract': resolve(import.meta.dirname, 'src-preload/contract') } },
  define: contractDefines(),
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts', 'tests/security/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
