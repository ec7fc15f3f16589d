// `core.mcpImport.readBundle()` / `installBundle()`: a Claude Desktop extension (.mcpb) read and checked (its zip and
// manifest), its user settings offered as a form, then unpacked whole or not at all into the server's own folder
// under Nanotray's home (`mcp-data/<name>/extension`, which a sandboxed server sees) and added through `core.mcp.add`.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BundleInstallResult, BundlePreview } from '../../../../../src-preload/contract/mcp-import-schemas';
import type { Config } from '../../../../../src-preload/contract/config-schema';
import { failure, type ServiceError } from '../../../lib/core-error';
import { registerSecret } from '../../../lib/known-secrets';
import { errorMessage, okResult, type Result } from '../../../lib/result';
import type { McpService } from '../../mcp-types';
import { MCP_DATA_DIR, MCP_EXTENSION_DIR } from '../../sandbox/mcp-sandbox-plan';
import { dataFolderName } from '../../sandbox/stdio-launch';
import { freeServerName, SERVER_NAME } from '../server-names';
import { BUNDLE_LIMITS } from './bundle-limits';
import { BundleZipError, readEntryText, unpackBundle, walkBundle } from './bundle-zip';
import { bundleSettings, mcpbManifestSchema, serverConfigFor, type McpbManifest } from './mcpb-manifest';
import { bundleServerEntry } from './mcpb-server-entry';

export interface BundleDeps {
  mcp: Pick<McpService, 'add'>;
  config(): Config;
  /** Nanotray's home. */
  nanotrayHome: string;
  /** The user's home (`${HOME}` in a manifest). */
  userHome: string;
  platform?: NodeJS.Platform;
  sandboxWorks(): Promise<boolean>;
}

/** The bundles read and not installed yet, newest last; older ones are forgotten. */
const KEPT_BUNDLES = 2;

type BundleError = ServiceError<'invalid' | 'not_found' | 'conflict' | 'failed'>;

/** Reads the manifest out of the zip, checking every entry on the way. */
async function manifestOf(bytes: Buffer): Promise<Result<McpbManifest, ServiceError<'invalid'>>> {
  let text: string | undefined;
  try {
    await walkBundle(bytes, async (entry, read) => {
      if (entry.path === 'manifest.json' && !entry.dir) text = await readEntryText(read, BUNDLE_LIMITS.manifestBytes, 'manifest.json');
    });
  } catch (err) {
    return failure('invalid', `The bundle was refused: ${err instanceof BundleZipError ? err.message : `it could not be read (${errorMessage(err)})`}.`);
  }
  if (text === undefined) return failure('invalid', 'The bundle was refused: it has no manifest.json.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return failure('invalid', `The bundle was refused: its manifest.json is not valid JSON (${errorMessage(err)}).`);
  }
  const parsed = mcpbManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'manifest'}: ${i.message}`);
    return failure('invalid', `The bundle was refused: its manifest.json is not one Nanotray can use (${issues.join('; ')}).`);
  }
  return okResult(parsed.data);
}

export class BundleInstall {
  #read = new Map<string, { bytes: Buffer; manifest: McpbManifest }>();

  constructor(private readonly deps: BundleDeps) {}

  get #platform(): NodeJS.Platform {
    return this.deps.platform ?? process.platform;
  }

  #suggestedName(manifest: McpbManifest): string {
    return freeServerName(manifest.name, new Set(Object.keys(this.deps.config().mcpServers)));
  }

  /** Checks the bundle and keeps it (in memory) for `install`; says what it would run and what it asks. */
  async read(bytes: Buffer): Promise<Result<BundlePreview, ServiceError<'invalid'>>> {
    const manifest = await manifestOf(bytes);
    if (!manifest.ok) return manifest;
    const m = manifest.value;
    const token = randomUUID();
    this.#read.set(token, { bytes, manifest: m });
    while (this.#read.size > KEPT_BUNDLES) this.#read.delete(this.#read.keys().next().value!);
    const config = serverConfigFor(m, this.#platform);
    return okResult({
      token,
      name: m.name,
      displayName: m.display_name ?? m.name,
      version: m.version,
      description: m.description,
      author: m.author.name,
      serverType: m.server.type,
      suggestedName: this.#suggestedName(m),
      command: config.command,
      args: config.args,
      settings: bundleSettings(m),
      sandbox: await this.deps.sandboxWorks(),
    });
  }

  /** Unpacks the bundle read as `token` and adds its server under `name` with the settings `values`. */
  async install(token: string, options: { name?: string; values?: Record<string, string> } = {}): Promise<Result<BundleInstallResult, BundleError>> {
    const kept = this.#read.get(token);
    if (!kept) return failure('not_found', 'That bundle is no longer open: choose its file again.');
    const name = options.name ?? this.#suggestedName(kept.manifest);
    if (!SERVER_NAME.test(name)) return failure('invalid', `The name '${name}' must start with a letter or digit and use only letters, digits, '_', '-' or '.' (max 40).`);
    if (this.deps.config().mcpServers[name]) return failure('conflict', `A server '${name}' exists already: choose another name.`);
    const dataRoot = join(realpathSync.native(this.deps.nanotrayHome), MCP_DATA_DIR);
    const dataDir = join(dataRoot, dataFolderName(name));
    const folder = join(dataDir, MCP_EXTENSION_DIR);
    const sandbox = await this.deps.sandboxWorks();
    const entry = bundleServerEntry(kept.manifest, options.values ?? {}, { folder, home: this.deps.userHome, platform: this.#platform }, sandbox);
    if (!entry.ok) return failure('invalid', `Not installed: ${entry.error.message}.`);
    const incoming = join(dataRoot, `.unpacking-${randomUUID()}`);
    try {
      mkdirSync(dataRoot, { recursive: true, mode: 0o700 });
      mkdirSync(incoming, { mode: 0o700 });
      await unpackBundle(kept.bytes, incoming);
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      // what a removed server of the same name left behind is replaced
      if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
      renameSync(incoming, folder);
    } catch (err) {
      rmSync(incoming, { recursive: true, force: true });
      return failure('invalid', `Not installed: ${err instanceof BundleZipError ? err.message : `it could not be unpacked (${errorMessage(err)})`}.`);
    }
    for (const secret of entry.value.secrets) registerSecret(secret);
    const added = await this.deps.mcp.add(name, entry.value.input);
    if (!added.ok) {
      rmSync(folder, { recursive: true, force: true });
      return failure('failed', added.error.replace(/^Error: /, ''));
    }
    this.#read.delete(token);
    return okResult({ name, added: true, message: added.value.state, sandboxed: added.value.sandbox === 'on', folder });
  }
}
