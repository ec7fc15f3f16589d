// Types of scripts/esm-to-commonjs.mjs for the TypeScript tests that import it.
export function esmToCommonJs(esbuild: typeof import('esbuild'), code: string): Promise<string>;
