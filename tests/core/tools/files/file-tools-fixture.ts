// The four file tools on one registry in a fresh workspace, for their tests (each tool's file tests it alone, but
// a test may call another tool: edit_file after write_file, read_file after edit_file).
import { afterEach, beforeEach } from 'vitest';
import { editFileTool } from '../../../../src-main/core/tools/files/edit-file.tool';
import { listDirTool } from '../../../../src-main/core/tools/files/list-dir.tool';
import { readFileTool } from '../../../../src-main/core/tools/files/read-file.tool';
import { writeFileTool } from '../../../../src-main/core/tools/files/write-file.tool';
import type { ToolContext, ToolResult } from '../../../../src-main/core/tools/tool';
import { ToolRegistry } from '../../../../src-main/core/tools/tool-registry';
import { makeToolFixture, type ToolFixture } from '../tool-context-fixture';

export interface FileTools {
  /** The current test's workspace fixture. */
  readonly fx: ToolFixture;
  run(name: string, args: unknown, ctx?: Partial<ToolContext>): Promise<ToolResult>;
  /** A call with a context of another fixture. */
  execute(name: string, args: unknown, ctx: ToolContext): Promise<ToolResult>;
  /** The refusal of a path outside the workspace, as the model reads it. */
  outside(path: string): string;
}

/** Registers the hooks; call once at the top of a test file. */
export function useFileTools(): FileTools {
  let fx: ToolFixture | undefined;
  let registry: ToolRegistry;
  beforeEach(() => {
    fx = makeToolFixture();
    registry = new ToolRegistry();
    for (const tool of [readFileTool, writeFileTool, editFileTool, listDirTool]) registry.register(tool);
  });
  afterEach(() => fx?.cleanup());
  const files: FileTools = {
    get fx() {
      if (!fx) throw new Error('no fixture outside a test');
      return fx;
    },
    run: (name, args, ctx) => registry.execute(name, args, files.fx.ctx(ctx)),
    execute: (name, args, ctx) => registry.execute(name, args, ctx),
    outside: (p) =>
      `Error: Path ${p} is outside the workspace ${files.fx.workspace}. This is a policy boundary (tools.restrictToWorkspace), ` +
      'not an obstacle to work around: do not try other paths, links or commands to reach it. Work inside the workspace, or ask the user.',
  };
  return files;
}
