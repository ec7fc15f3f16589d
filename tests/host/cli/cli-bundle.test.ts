// The CLI bundle's structure (not its speed): a one-shot `agent -m` statically loads none of the heavy modules;
// each of them sits in a chunk that only an import() reaches (the openai SDK is loaded by the turn's first request).
import { describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { bundleCli, CLI_BUNDLE, ROOT } from '../../../scripts/build-cli.mjs';
import { relative } from 'node:path';

/** Modules a plain turn does not need, and the run that loads each. */
const HEAVY: Record<string, RegExp> = {
  'the tokenizer and its ranks (an exact count, when the byte bound does not fit)': /node_modules\/js-tiktoken\//,
  'the HTML parser (the first web_fetch or DuckDuckGo search)': /node_modules\/node-html-parser\//,
  'ws (nanotray web)': /node_modules\/ws\//,
  'the web host (nanotray web)': /^src-main\/host\/web\/web-host\.ts$/,
  'the shell grammar (the first exec analysis)': /node_modules\/web-tree-sitter\//,
  'the openai SDK (the first model request)': /node_modules\/openai\//,
  'the MCP SDK client and its transports (a server connecting)': /node_modules\/@modelcontextprotocol\/sdk\/dist\/esm\/(client\/(index|stdio|sse|streamableHttp)|types)\.js$/,
  'ajv (the MCP client validating tool output)': /node_modules\/ajv\//,
  'yauzl (a .mcpb bundle read)': /node_modules\/yauzl\//,
  'the MCP import (servers of other apps, .mcpb bundles)': /^src-main\/core\/mcp\/import\/(server-import|mcpb\/bundle-install)\.ts$/,
};

/** Output files reachable from `start` through static imports only. */
function staticClosure(meta: Metafile, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(start);
  return seen;
}

function inputsOf(meta: Metafile, files: Iterable<string>): string[] {
  return [...files].flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}));
}

describe('the CLI bundle', () => {
  it('a one-shot agent turn (the entry plus the agent command chunk) statically imports no heavy module', async () => {
    const { metafile } = await bundleCli();
    const outputs = Object.keys(metafile.outputs);
    const entry = relative(ROOT, CLI_BUNDLE);
    expect(outputs).toContain(entry);
    const agentChunk = outputs.find((o) => metafile.outputs[o]!.entryPoint === 'src-main/host/cli/commands/agent.command.ts');
    expect(agentChunk).toBeDefined();
    // The entry reaches the agent command through import() only (every command is loaded on demand).
    expect([...staticClosure(metafile, entry)]).not.toContain(agentChunk);
    const turnPath = new Set([...staticClosure(metafile, entry), ...staticClosure(metafile, agentChunk!)]);
    const turnInputs = inputsOf(metafile, turnPath);
    expect(turnInputs).toContain('src-main/core/nanotray-core.ts'); // the walk covers the core
    const allInputs = inputsOf(metafile, outputs);
    for (const [what, pattern] of Object.entries(HEAVY)) {
      expect(allInputs.filter((i) => pattern.test(i)), `${what} is in the bundle`).not.toEqual([]);
      expect(turnInputs.filter((i) => pattern.test(i)), `${what} is loaded statically`).toEqual([]);
    }
  }, 60_000);

  it('leaves the YAML parser out: it is required from node_modules for a front matter the cache has not seen', async () => {
    const { metafile } = await bundleCli();
    expect(inputsOf(metafile, Object.keys(metafile.outputs)).filter((i) => i.includes('node_modules/yaml/'))).toEqual([]);
  }, 60_000);

  it('carries only the openai resources the core calls (chat completions, the model list): the others are empty classes', async () => {
    const { metafile } = await bundleCli();
    const resources = inputsOf(metafile, Object.keys(metafile.outputs)).filter((i) => i.includes('node_modules/openai/resources/') && !i.startsWith('openai-unused:'));
    expect(new Set(resources.map((i) => i.split('node_modules/openai/resources/')[1]!.split(/[/.]/)[0]))).toEqual(new Set(['chat', 'index', 'models']));
  }, 60_000);

  it("carries zod's English messages only, not its 48 locales", async () => {
    const { metafile } = await bundleCli();
    const locales = inputsOf(metafile, Object.keys(metafile.outputs)).filter((i) => i.includes('node_modules/zod/v4/locales/'));
    expect([...new Set(locales.map((i) => i.split('/').pop()))]).toEqual(['en.js']);
  }, 60_000);
});
