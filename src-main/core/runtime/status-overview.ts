// The runtime overview as `nanotray status` prints it: the `my` check overview under a heading.

export const STATUS_OVERVIEW_HEADING = 'Runtime (same as `my` check):';

/** Indents the overview (from `core.runtime.overview()`) under its heading, two spaces per line. */
export function formatStatusOverview(overview: string): string {
  return [STATUS_OVERVIEW_HEADING, ...overview.split('\n').map((line) => `  ${line}`)].join('\n');
}
