// Types of bin/bundle-loader.mjs for the TypeScript tests that import it.
export interface BundleLoader {
  load(file: string): unknown;
  saveCache(): number;
  readonly stats: { fromCache: number; compiled: number };
}
export function createBundleLoader(options: { cacheDir: string }): BundleLoader;
