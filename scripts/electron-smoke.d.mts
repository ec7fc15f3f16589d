// Types of scripts/electron-smoke.mjs for the TypeScript tests that import it.
import type { BuildResult } from 'esbuild';

export const ROOT: string;
export const NOT_RUN_EXIT: number;
export function electronBinaryPath(options?: { electronDir?: string; env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform }): string;
export function notRunLine(binary: string): string;
export function bundleSmoke(outfile: string): Promise<BuildResult>;
export function main(): Promise<number>;
