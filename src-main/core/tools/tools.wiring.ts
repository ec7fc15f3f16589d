// Builds the tool registry for the composition root: the built-in tools, the approval gate and the files no tool reaches.
import { join } from 'node:path';
import type { CoreBase } from '../base/core-base';
import { APP_CODE_FOLDERS } from '../lib/app-root';
import { ApprovalService } from './approvals/approval-service';
import { builtinTools } from './builtin-tools';
import type { ExecToolDeps } from './exec/exec.tool';
import type { WebFetchDeps } from './web/web-fetch.tool';
import type { SearchDeps } from './web/web-search-providers';
import { protectFolder, protectHomeFiles } from '../fence/protected-files';
import { preloadBashParser } from './shell-grammar/bash-parser';
import { systemSandbox } from './os-sandbox/exec-sandbox';
import type { MemoryProposals } from './approvals/memory-approval';
import type { Tool } from './tool';
import { ToolRegistry } from './tool-registry';
import type { EgressLedger } from './egress/egress-record';
import { SqliteEgressLedger } from './egress/egress-ledger';
import { recordingRefusals } from './egress/refusal-recording-gate';

/** What tests may inject: endpoints, DNS and the approval timeout. */
/** How long after start-up a long-running host loads the shell grammar (ahead of the first exec, which awaits it). */
const GRAMMAR_PRELOAD_DELAY_MS = 1_500;

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
  const tools = builtinTools(base.config(), { db: base.db, ...(options.webSearch ? { webSearch: options.webSearch } : {}), webFetch, exec });
  // the tools a redirect and a command's connection are asked as (both exist whenever their deps are called)
  const webFetchTool = (): Tool => tools.find((t) => t.name === 'web_fetch')!;
  const execTool = (): Tool => tools.find((t) => t.name === 'exec')!;
  const sandbox = exec.sandbox ?? systemSandbox;
  if (base.startBackground) {
    // A long-running host probes the OS sandbox (once per process) just after its tray is up and loads the shell
    // grammar soon after, so the first exec approval waits for neither. A one-shot CLI run does both only when exec is
    // called. Safe to defer: exec's precheck and run await the probe's answer themselves (sandbox.state).
    base.afterStart('the exec sandbox probe', () => {
      void sandbox.state(base.config().tools.exec);
    });
    // The grammar's WASM start-up holds the event loop for a while: not while the host answers its first window
    // (the browser host's page loads right after its URL is printed), a moment later.
    base.afterStart('the shell grammar', () => {
      const timer = setTimeout(() => void preloadBashParser(), GRAMMAR_PRELOAD_DELAY_MS);
      timer.unref();
      base.onDispose(() => clearTimeout(timer));
    });
    base.afterStart('pruning the egress ledger', () => egress.pruneWhenDue());
  }
  const approvals = new ApprovalService({
    db: base.db,
    emit: (event) => base.events.emit(event),
    clock: base.clock,
    config: () => base.config(),
    memoryProposals: deps.memoryProposals,
    ...(options.approvalTimeoutMs !== undefined ? { timeoutMs: options.approvalTimeoutMs } : {}),
  });
  // A call to a host the gate refuses is recorded as a refused connection (an allowed one records its own bytes).
  const registry = new ToolRegistry(recordingRefusals(approvals, ledger, (tool) => tool.egressSource));
  for (const tool of tools) base.onDispose(registry.register(tool));
  base.onDispose(() => approvals.dispose());
  return { registry, approvals, egress };
}
