// Builds the tool registry for the composition root: the built-in tools, the approval gate and the files no tool reaches.
import { join } from 'node:path';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { CoreBase } from '../core-base';
import { APP_CODE_FOLDERS } from '../lib/app-root';
import type { Database } from '../store/db';
import { ApprovalService } from './approvals/approval-service';
import { editFileTool } from './builtin/edit-file.tool';
import { createExecTool, precheckExec, type ExecToolDeps } from './builtin/exec.tool';
import { listDirTool } from './builtin/list-dir.tool';
import { createMessageTool } from './builtin/message.tool';
import { createWebFetchTool, precheckWebFetch, type WebFetchDeps } from './builtin/web-fetch.tool';
import { createWebSearchTool } from './builtin/web-search.tool';
import type { SearchDeps } from './sandbox/web-search-providers';
import { readFileTool } from './builtin/read-file.tool';
import { writeFileTool } from './builtin/write-file.tool';
import { FileProvenance, markingReads, recordingWrites } from './builtin/file-provenance';
import { protectFolder, protectHomeFiles } from './sandbox/protected-files';
import { writeRefusal } from './sandbox/fenced-fs';
import { fenceFor } from './sandbox/path-guard';
import { preloadBashParser } from './shell-grammar/bash-parser';
import { systemSandbox } from './os-sandbox/exec-sandbox';
import type { MemoryProposals } from './approvals/memory-approval';
import type { Tool } from './tool';
import { ToolRegistry } from './tool-registry';
import type { EgressLedger } from './egress/egress-record';
import { SqliteEgressLedger } from './egress/egress-ledger';
import { recordingRefusals } from './egress/refusal-recording-gate';

/** What tests may inject: endpoints, DNS and the approval timeout. */
export interface ToolsOptions {
  /** How long an approval waits before it counts as denied (default 5 minutes). */
  approvalTimeoutMs?: number;
  exec?: ExecToolDeps;
  /** Injectable search endpoints/fetch and DNS for the web tools (tests use loopback servers). */
  webSearch?: SearchDeps;
  webFetch?: WebFetchDeps;
  /** Where connections are recorded (default: the core's SQLite ledger, `core.egress`). */
  ledger?: EgressLedger;
}

/**
 * The built-in tools for a config: exec and the web tools only when enabled. The file tools share one record of
 * what the agent wrote, so read_file marks every other file as untrusted (see file-provenance.ts).
 */
export function builtinTools(config: Config, db: Database, options: ToolsOptions = {}): Tool[] {
  const provenance = new FileProvenance();
  const tools: Tool[] = [
    markingReads(readFileTool, provenance),
    recordingWrites(writeFileTool, provenance),
    recordingWrites(editFileTool, provenance),
    listDirTool,
    createMessageTool(db),
  ];
  if (config.tools.exec.enable) tools.push(createExecTool(options.exec));
  if (config.tools.web.enable) tools.push(createWebSearchTool(options.webSearch), createWebFetchTool(options.webFetch));
  return tools;
}

/** The registry every turn calls (`core.tools`) and its approval gate (`core.approvals`). */
export interface ToolServices {
  registry: ToolRegistry;
  approvals: ApprovalService;
  /** The egress ledger: every connection web_fetch, sandboxed commands and MCP servers made or tried. */
  egress: SqliteEgressLedger;
}

export interface ToolsDeps {
  /** Where a memory change goes when nobody can review it now (the workspace's review). */
  memoryProposals: MemoryProposals;
}

/**
 * Makes the registry with the built-in tools and the approval service as its gate; later services add their
 * own tools to it. Pending approvals are denied when the core is disposed.
 */
export function wireTools(base: CoreBase, deps: ToolsDeps, options: ToolsOptions = {}): ToolServices {
  // The home holds the keys, sign-ins, the browser host's token and what later runs trust: no file tool reaches any of
  // it but the workspace, whatever the fence says.
  base.onDispose(protectHomeFiles(base.paths.home, () => base.workspace()));
  // The app's built code (with the CLI's compiled-code cache) and its packages run in every later process: no tool
  // writes them.
  const appCode = APP_CODE_FOLDERS.map((folder) => join(base.appRoot, folder));
  for (const folder of appCode) base.onDispose(protectFolder(folder));
  const egress = new SqliteEgressLedger({ db: base.db, clock: base.clock });
  const ledger = options.ledger ?? egress;
  // web_fetch asks the gate (created below) whether a redirect may go on to another host.
  const webFetch: WebFetchDeps = {
    ledger,
    ...options.webFetch,
    egressAllowedBy: (host, ctx) => approvals.egressVerdict(webFetchTool(), host, ctx),
  };
  const exec: ExecToolDeps = {
    nanotrayHome: base.paths.home,
    appCode,
    memoryProposals: deps.memoryProposals,
    ledger,
    // a command's connections pass the same host policy as web_fetch (one rule table), asked as exec
    egressPolicy: (target, command, ctx) =>
      approvals.connectionVerdict(execTool(), { key: target.key, url: `${target.name}:${target.port}` }, { command, connect: `${target.name}:${target.port}` }, ctx),
    ...options.exec,
  };
  const tools = builtinTools(base.config(), base.db, { ...options, webFetch, exec });
  const webFetchTool = (): Tool => tools.find((t) => t.name === 'web_fetch')!;
  const execTool = (): Tool => tools.find((t) => t.name === 'exec')!;
  const sandbox = exec.sandbox ?? systemSandbox;
  if (base.startBackground) {
    // A long-running host loads the shell grammar and probes the OS sandbox (once per process) just after its
    // tray is up, so the first exec approval waits for neither. A one-shot CLI run does both only when exec is
    // called. Safe to defer: exec's precheck and run await the probe's answer themselves (sandbox.state).
    base.afterStart('the exec sandbox probe', () => {
      void preloadBashParser();
      void sandbox.state(base.config().tools.exec);
    });
    base.afterStart('pruning the egress ledger', () => egress.pruneWhenDue());
  }
  const approvals = new ApprovalService({
    db: base.db,
    emit: (event) => base.events.emit(event),
    clock: base.clock,
    config: () => base.config(),
    // Refuse blocked commands and unfetchable URLs before the user is asked to approve them. The registry
    // validated `args` against the tool's params before consulting the gate, hence the casts.
    preflight: (tool, args, ctx) => {
      if (!tools.includes(tool)) return undefined;
      if (tool.name === 'exec') return precheckExec(args as never, ctx, exec);
      if (tool.name === 'web_fetch') return precheckWebFetch(args as never, ctx);
      if (tool.name === 'write_file' || tool.name === 'edit_file') return writeRefusal((args as { path: string }).path, fenceFor(ctx));
      return undefined;
    },
    sandboxFor: (tool, ctx) => (tool.name === 'exec' && tools.includes(tool) ? sandbox.state(ctx.config.tools.exec) : Promise.resolve(undefined)),
    memoryProposals: deps.memoryProposals,
    ...(options.approvalTimeoutMs !== undefined ? { timeoutMs: options.approvalTimeoutMs } : {}),
  });
  // A call to a host the gate refuses is recorded as a refused connection (an allowed one records its own bytes).
  const sourceOf = (tool: Tool) => (tool.name === 'web_fetch' && tools.includes(tool) ? { kind: 'web_fetch' as const } : undefined);
  const registry = new ToolRegistry(recordingRefusals(approvals, ledger, sourceOf));
  for (const tool of tools) base.onDispose(registry.register(tool));
  base.onDispose(() => approvals.dispose());
  return { registry, approvals, egress };
}
