// The one list of built-in tools. The registry, the subagents' allow-list (`forSubagents`), the README's tool list
// and the tests derive from it: a new built-in tool is one line here.
import type { Config } from '../../../src-preload/contract/config-schema';
import type { Database } from '../store/db';
import type { SearchDeps } from './web/web-search-providers';
import type { Tool } from './tool';
import { editFileTool } from './files/edit-file.tool';
import { createExecTool, type ExecToolDeps } from './exec/exec.tool';
import { FileProvenance, markingReads, recordingWrites } from './files/file-provenance';
import { listDirTool } from './files/list-dir.tool';
import { createMessageTool } from './message.tool';
import { readFileTool } from './files/read-file.tool';
import { createWebFetchTool, type WebFetchDeps } from './web/web-fetch.tool';
import { createWebSearchTool } from './web/web-search.tool';
import { writeFileTool } from './files/write-file.tool';

/** What the built-in tools are made with: the database, and the injectable parts of exec and the web tools. */
export interface BuiltinToolDeps {
  db: Database;
  exec?: ExecToolDeps;
  webSearch?: SearchDeps;
  webFetch?: WebFetchDeps;
}

/** One built-in tool: how it is made, and the switch that turns it on (none: always on). */
export interface BuiltinTool {
  make(deps: BuiltinToolDeps): Tool;
  enabled?(config: Config): boolean;
}

export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  { make: () => readFileTool },
  { make: () => writeFileTool },
  { make: () => editFileTool },
  { make: () => listDirTool },
  { make: (deps) => createMessageTool(deps.db) },
  { make: (deps) => createExecTool(deps.exec), enabled: (config) => config.tools.exec.enable },
  { make: (deps) => createWebSearchTool(deps.webSearch), enabled: (config) => config.tools.web.enable },
  { make: (deps) => createWebFetchTool(deps.webFetch), enabled: (config) => config.tools.web.enable },
];

/**
 * The built-in tools a config turns on. The file tools share one record of what the agent wrote: a `read` tool with
 * untrusted output marks every file the agent did not write, a `write` tool records what it wrote (file-provenance.ts).
 */
export function builtinTools(config: Config, deps: BuiltinToolDeps): Tool[] {
  const provenance = new FileProvenance();
  return BUILTIN_TOOLS.filter((b) => b.enabled?.(config) ?? true).map((b) => {
    const tool = b.make(deps);
    if (tool.files === 'read' && tool.untrustedOutput) return markingReads(tool, provenance);
    if (tool.files === 'write') return recordingWrites(tool, provenance);
    return tool;
  });
}
