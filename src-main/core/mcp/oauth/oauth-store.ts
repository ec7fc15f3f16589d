// OAuth state of MCP servers at rest: tokens, dynamic client registrations and loopback ports in one 0600 file,
// each server's record stored through the host's secret codec (the OS keychain in the desktop app).
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { OAuthClientInformationFullSchema, OAuthTokensSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { writeFileAtomic } from '../../lib/atomic-write';
import { registerSecret } from '../../lib/known-secrets';
import { privateFile } from '../../lib/private-files';
import { errorMessage } from '../../lib/result';

/** What Nanotray keeps for one server. Bound to `serverUrl`: a record for another URL is not used. */
export interface ServerAuthRecord {
  serverUrl: string;
  /** The loopback port of the redirect URI this server's client was registered with. */
  redirectPort?: number;
  /** A dynamically registered (or URL-based) client; pre-registered clients live in config.json. */
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
}

const recordSchema = z.object({
  serverUrl: z.string(),
  redirectPort: z.number().int().min(1024).max(65535).optional(),
  client: OAuthClientInformationFullSchema.partial({ redirect_uris: true }).optional(),
  tokens: OAuthTokensSchema.optional(),
});

const fileSchema = z.object({ version: z.literal(1), servers: z.record(z.string(), z.string()) });

export interface OAuthStoreCodec {
  encode(plain: string): string;
  decode(stored: string): string;
}

/** Registers the credentials of a record with the scrubber, so they never reach the model, a log or the window. */
function registerRecordSecrets(record: ServerAuthRecord): void {
  registerSecret(record.tokens?.access_token);
  registerSecret(record.tokens?.refresh_token);
  registerSecret(record.client?.client_secret);
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The OAuth records of every server. Read again when another process (the CLI's `mcp login`, the desktop app)
 * changed the file; each change rewrites the file atomically, keeping the other servers' records as stored.
 */
export class OAuthStore {
  #records = new Map<string, ServerAuthRecord>();
  /** Servers whose stored record could not be read here (e.g. encrypted by the desktop app's keychain). */
  #unreadable = new Map<string, string>();
  #stored: Record<string, string> = {};
  #loadedAt = -1;

  constructor(
    private readonly file: string,
    private readonly codec: OAuthStoreCodec,
  ) {
    this.#load();
  }

  get(name: string, serverUrl: string): ServerAuthRecord | undefined {
    this.#refresh();
    const record = this.#records.get(name);
    return record && record.serverUrl === serverUrl ? record : undefined;
  }

  /** Why the server's stored sign-in cannot be used here, when that is so. */
  unreadable(name: string): string | undefined {
    this.#refresh();
    return this.#unreadable.get(name);
  }

  /** Changes one server's record (created for `serverUrl` when missing or bound to another URL) and saves the file. */
  update(name: string, serverUrl: string, change: (record: ServerAuthRecord) => void): void {
    const current = this.get(name, serverUrl);
    const record: ServerAuthRecord = current ? structuredClone(current) : { serverUrl };
    change(record);
    registerRecordSecrets(record);
    this.#records.set(name, record);
    this.#unreadable.delete(name);
    this.#stored[name] = this.codec.encode(JSON.stringify(record));
    this.#save();
  }

  /** Forgets everything stored for the server. */
  remove(name: string): void {
    this.#refresh();
    if (!(name in this.#stored) && !this.#records.has(name)) return;
    this.#records.delete(name);
    this.#unreadable.delete(name);
    delete this.#stored[name];
    this.#save();
  }

  /** Reads the file again when another process changed it (registering its tokens with the scrubber). */
  refresh(): void {
    this.#refresh();
  }

  #refresh(): void {
    if (modifiedAt(this.file) !== this.#loadedAt) this.#load();
  }

  #load(): void {
    this.#loadedAt = modifiedAt(this.file);
    this.#records.clear();
    this.#unreadable.clear();
    this.#stored = {};
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return; // no file yet: nobody signed in
    }
    let parsed: z.output<typeof fileSchema>;
    try {
      parsed = fileSchema.parse(JSON.parse(text));
    } catch (err) {
      console.error(`[mcp] ignoring unreadable ${this.file}: ${errorMessage(err)}`);
      return;
    }
    this.#stored = parsed.servers;
    for (const [name, stored] of Object.entries(parsed.servers)) {
      try {
        const record = recordSchema.parse(JSON.parse(this.codec.decode(stored))) as ServerAuthRecord;
        registerRecordSecrets(record);
        this.#records.set(name, record);
      } catch {
        this.#unreadable.set(name, 'its sign-in was stored encrypted for the desktop app and cannot be read here; sign in again');
      }
    }
  }

  #save(): void {
    privateFile(this.file);
    writeFileAtomic(this.file, `${JSON.stringify({ version: 1, servers: this.#stored }, null, 2)}\n`, 0o600);
    this.#loadedAt = modifiedAt(this.file);
  }
}
