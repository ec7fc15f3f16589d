// `core.mcpImport.scan()` / `add()`: the MCP servers Claude Desktop, Cursor and VS Code have configured on this machine,
// listed without their secrets, and the chosen ones added through `core.mcp.add` — untrusted, sandboxed where the
// sandbox works, each value the user typed for them registered as a secret before it is stored.
import { homedir } from 'node:os';
import type { ImportChoice, ImportNeededValue, ImportOutcome, ImportScan } from '../../../../src-preload/contract/mcp-import-schemas';
import type { Config } from '../../../../src-preload/contract/config-schema';
import { registerSecret } from '../../lib/known-secrets';
import { isSecretName, looksLikeToken } from '../../lib/secret-names';
import type { McpService } from '../mcp-types';
import { clientConfigFiles } from './client-config-files';
import { scanClientConfigs, serverEntryFor, type ScanPlaces } from './import-candidates';

export interface ImportDeps {
  mcp: Pick<McpService, 'add'>;
  config(): Config;
  /** The user's environment (HOME, APPDATA, the `${env:…}` values). */
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Whether the OS sandbox works here (imported stdio servers run in it then). */
  sandboxWorks(): Promise<boolean>;
}

export interface ScanOptions {
  /** A project folder whose `.cursor/mcp.json` and `.vscode/mcp.json` are read too. */
  workspace?: string;
}

function placesOf(deps: ImportDeps): ScanPlaces & { platform: NodeJS.Platform } {
  const platform = deps.platform ?? process.platform;
  const home = (platform === 'win32' ? deps.env.USERPROFILE : deps.env.HOME) || homedir();
  return { home, env: deps.env, platform, separator: platform === 'win32' ? '\\' : '/' };
}

/**
 * Registers as secrets what config-secrets.ts counts as one once it is stored (header values; env values named or
 * shaped like a credential) and every answer typed into a password field, before anything of the server runs or is
 * logged. Other answers (a folder, a label) stay readable.
 */
function registerValues(input: { env?: Record<string, string>; headers?: Record<string, string> }, answers: Record<string, string>, needs: readonly ImportNeededValue[]): void {
  const env = Object.entries(input.env ?? {}).filter(([k, v]) => isSecretName(k) || looksLikeToken(v)).map(([, v]) => v);
  const typed = needs.filter((n) => n.password).map((n) => answers[n.id]);
  for (const value of [...env, ...Object.values(input.headers ?? {}), ...typed]) registerSecret(value);
}

export class ServerImport {
  constructor(private readonly deps: ImportDeps) {}

  #scan(options: ScanOptions) {
    const places = placesOf(this.deps);
    const files = clientConfigFiles({ ...places, ...(options.workspace ? { workspace: options.workspace } : {}) });
    const taken = new Set(Object.keys(this.deps.config().mcpServers));
    return { places, files, ...scanClientConfigs(files, taken, places) };
  }

  async scan(options: ScanOptions = {}): Promise<ImportScan> {
    const { files, found, errors } = this.#scan(options);
    return { candidates: found.map((f) => f.candidate), errors, searched: files.map((f) => f.path), sandbox: await this.deps.sandboxWorks() };
  }

  /** Adds the chosen servers one by one (the files are read again: nothing from an earlier scan is trusted). */
  async add(choices: readonly ImportChoice[], options: ScanOptions = {}): Promise<ImportOutcome[]> {
    const { places, found } = this.#scan(options);
    const sandbox = await this.deps.sandboxWorks();
    const outcomes: ImportOutcome[] = [];
    for (const choice of choices) {
      const hit = found.find((f) => f.candidate.id === choice.id);
      const name = choice.name ?? hit?.candidate.suggestedName ?? '';
      const refuse = (message: string) => outcomes.push({ id: choice.id, name, added: false, message, sandboxed: false });
      if (!hit) {
        refuse('It is no longer in its file.');
        continue;
      }
      if (hit.candidate.unsupported) {
        refuse(`It cannot be added: ${hit.candidate.unsupported}.`);
        continue;
      }
      const answers = choice.values ?? {};
      const entry = serverEntryFor(hit, places, answers, sandbox);
      if (!entry.ok) {
        refuse(entry.problem ? `It cannot be added: ${entry.problem}.` : `It needs ${entry.missing.map((m) => m.description).join(', ')}.`);
        continue;
      }
      registerValues(entry.input, answers, hit.candidate.needs);
      const added = await this.deps.mcp.add(name, entry.input);
      if (!added.ok) refuse(added.error.replace(/^Error: /, ''));
      else outcomes.push({ id: choice.id, name, added: true, message: added.value.state, sandboxed: added.value.sandbox === 'on' });
    }
    return outcomes;
  }
}
