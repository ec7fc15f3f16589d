// Types of scripts/build-cli.mjs for the TypeScript tests that import it.
import type { BuildResult, Metafile, OutputFile } from 'esbuild';

export const ROOT: string;
export const CLI_BUNDLE: string;
export const CLI_ENTRY: string;
export const COMPILE_CACHE_DIR: string;
export function cliBundleIsStale(root?: string, bundle?: string): boolean;
export interface CliBuildOptions {
  root?: string;
  outfile?: string;
  entry?: string;
}
export function bundleCli(options?: CliBuildOptions): Promise<BuildResult & { metafile: Metafile; outputFiles: OutputFile[] }>;
export function buildCli(options?: CliBuildOptions): Promise<string>;
export function newestMtime(dir: string, include?: (name: string) => boolean): number;
