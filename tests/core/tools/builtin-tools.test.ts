// The one list of built-in tools: names unique, each tool's declared behaviour, and the README's tool list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allBuiltinTools, builtinToolNames } from '../../helpers/builtin-tool-list';

/** The README's list of built-in tools: the names of its "- `name` (**category**…" lines. */
function readmeToolNames(): string[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf("Nanotray's agent has these built-in tools");
  const list = readme.slice(start).split('\n\n')[1] ?? '';
  return [...list.matchAll(/^- `([a-z_]+)` \(\*\*/gm)].map((m) => m[1]!);
}

describe('BUILTIN_TOOLS', () => {
  it('names each tool once', () => {
    const names = builtinToolNames();
    expect(new Set(names).size).toBe(names.length);
  });

  it('is what the README lists, one line per tool', () => {
    expect(readmeToolNames().sort()).toEqual(builtinToolNames().sort());
  });

  it('marks untrusted output only on tools that say where it comes from', () => {
    for (const tool of allBuiltinTools()) {
      // a file tool's output is marked by the wiring; it names its file by `path`
      if (tool.files) expect(Object.keys((tool.params as unknown as { shape: object }).shape)).toContain('path');
    }
    expect(allBuiltinTools().filter((t) => t.untrustedOutput).map((t) => t.name)).toEqual(expect.arrayContaining(['read_file', 'web_fetch', 'web_search']));
  });

  it('keeps message from subagents (it speaks to the user)', () => {
    expect(allBuiltinTools().find((t) => t.name === 'message')?.forSubagents).not.toBe(true);
  });
});
