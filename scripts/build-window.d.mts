// Types of build-window.mjs for the tests.
export type WindowBuildState = 'ready' | 'missing' | 'stale';
export function windowBuildState(root?: string): WindowBuildState;
export function ensureWindowBuilt(root?: string, log?: (line: string) => void): 'ready' | 'built' | { failed: string };
