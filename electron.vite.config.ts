// Build of the three Electron bundles: main (core + shell), the sandboxed preload, the React renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { contractDefines } from './scripts/contract-defines';

const contract = resolve(__dirname, 'src-preload/contract');

export default defineConfig({
  main: {
    resolve: { alias: { '@contract': contract } },
    build: {
      externalizeDeps: { include: ['better-sqlite3-node20'] },
      rollupOptions: {
        // electron-main.ts turns the compile cache on, then imports the app (index.ts) as a chunk beside it.
        input: { index: resolve(__dirname, 'src-main/electron-main.ts') },
        // Chunks stay in out/main/, so the app's __dirname-relative paths (preload, renderer) hold in every chunk.
        // An external package loaded with import() is require()d instead: web-tree-sitter (the shell grammar) then
        // loads its CommonJS build, since ES modules imported from inside an asar have broken in past Electron versions.
        output: { chunkFileNames: '[name]-[hash].js', dynamicImportInCjs: false },
      },
    },
  },
  preload: {
    resolve: { alias: { '@contract': contract } },
    // The channel names without the schemas: the sandboxed preload stays one small file that requires only electron.
    define: contractDefines(),
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        // Sandboxed preloads must be a single CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias: { '@contract': contract } },
    define: contractDefines(),
    build: {
      minify: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-renderer/index.html'),
          quick: resolve(__dirname, 'src-renderer/quick.html'),
        },
      },
    },
    plugins: [react()],
  },
});
