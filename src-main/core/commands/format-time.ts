// One timestamp format for command output: UTC, to the second, stable across machines.

/** 1764444310000 → `2025-11-29 19:25:10Z`. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');
}
