// Parses shell commands with tree-sitter-bash (WASM, through web-tree-sitter): one parser per process, loaded once,
// on first use (web-tree-sitter itself is imported then too, so a run that never analyses a command never loads it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';
import { errResult, okResult, type Result } from '../../lib/result';

export type BashNode = Node;

let loading: Promise<Result<Parser>> | undefined;

/**
 * Reads both WASM files ourselves (resolved from this module's node_modules) and hands the bytes over, so the
 * loader never guesses paths from `import.meta.url` — which points at the bundle in the CLI and Electron builds.
 */
async function loadParser(): Promise<Result<Parser>> {
  try {
    const { Language, Parser } = await import('web-tree-sitter');
    const require = createRequire(import.meta.url);
    const runtime = readFileSync(require.resolve('web-tree-sitter/web-tree-sitter.wasm'));
    const grammar = readFileSync(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    await Parser.init({ wasmBinary: runtime });
    const parser = new Parser();
    parser.setLanguage(await Language.load(grammar));
    return okResult(parser);
  } catch (err) {
    return errResult(`the bash grammar could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The shared parser (loaded on first use; a failed load is remembered, never retried in a loop). */
function bashParser(): Promise<Result<Parser>> {
  loading ??= loadParser();
  return loading;
}

/**
 * Parses `text` and calls `read` with the root node; the tree is freed afterwards, so `read` must copy what it
 * keeps. Returns an error value when the grammar cannot be loaded or the parser gives up.
 */
export async function withBashTree<T>(text: string, read: (root: BashNode) => T): Promise<Result<T>> {
  const parser = await bashParser();
  if (!parser.ok) return parser;
  const tree = parser.value.parse(text);
  if (!tree) return errResult('the parser returned no tree');
  try {
    return okResult(read(tree.rootNode));
  } finally {
    tree.delete();
  }
}

/** Loads the grammar now (at start-up), so the first command is not slowed down by it. */
export async function preloadBashParser(): Promise<Result<void>> {
  const parser = await bashParser();
  return parser.ok ? okResult(undefined) : parser;
}
