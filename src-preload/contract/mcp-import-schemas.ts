// Bringing MCP servers from other apps: the servers Claude Desktop, Cursor and VS Code have configured (shown without
// their secrets), the chosen ones added; and Claude Desktop extensions (.mcpb bundles) installed from a file.
import { z } from 'zod';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';

export const importClientSchema = z.enum(['claude-desktop', 'cursor', 'vscode']);

/** A value the server's config refers to and the import cannot fill in (`${input:token}`, an unset `${env:X}`). */
export const importNeededValueSchema = z.object({
  /** What the config wrote, e.g. `input:github_token`; the key of the answer. */
  id: z.string(),
  /** The app's own words for it (VS Code's input description), else the variable. */
  description: z.string(),
  /** Typed without echo and kept as a secret. */
  password: z.boolean(),
});

/** One server found in another app's config, as it is shown: env and header values never leave main. */
export const importCandidateSchema = z.object({
  /** Stable key of this server in this file (client, file, name). */
  id: z.string(),
  client: importClientSchema,
  scope: z.enum(['user', 'workspace']),
  /** The file it was read from. */
  file: z.string(),
  /** Its name in that file. */
  name: z.string(),
  /** The name it gets here: its own, made valid, with a suffix when it is taken. */
  suggestedName: z.string(),
  /** A server of the same name is configured here already. */
  exists: z.boolean(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /** stdio: the program and its arguments (secret-looking ones masked). */
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  /** HTTP: the address (credentials masked). */
  url: z.string().optional(),
  /** Names only: the values are never shown. */
  envKeys: z.array(z.string()),
  headerKeys: z.array(z.string()),
  needs: z.array(importNeededValueSchema),
  /** Why it cannot be added as it is (no command nor URL…); such a server is listed, not offered. */
  unsupported: z.string().optional(),
});

/** A config file that exists but could not be read: named with why, the other files still listed. */
export const importFileErrorSchema = z.object({
  client: importClientSchema,
  file: z.string(),
  code: z.enum(['malformed', 'unreadable']),
  message: z.string(),
});

export const importScanOutput = z.object({
  candidates: z.array(importCandidateSchema),
  errors: z.array(importFileErrorSchema),
  /** Every file looked at (found or not), for "nothing found in …". */
  searched: z.array(z.string()),
  /** Imported stdio servers run in the OS sandbox (it works here). */
  sandbox: z.boolean(),
});

const valuesSchema = z.record(z.string().max(LIMITS.nameChars), z.string().max(LIMITS.urlChars * 4));

export const importChoiceSchema = z.strictObject({
  id: z.string().min(1).max(LIMITS.pathChars * 2),
  /** The name to add it under (default: the suggested one). */
  name: z.string().min(1).max(LIMITS.nameChars).optional(),
  /** Answers for its needed values, by id. */
  values: valuesSchema.default({}),
});

export const importAddInput = z.strictObject({ choices: z.array(importChoiceSchema).min(1).max(200) });

/** What became of one chosen server. */
export const importOutcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  added: z.boolean(),
  /** Not added: why. Added: the server's state, e.g. `connected`. */
  message: z.string(),
  sandboxed: z.boolean(),
});
export const importAddOutput = z.object({ outcomes: z.array(importOutcomeSchema) });

/** One of a bundle's user settings (its manifest's `user_config`), as the form asks it. */
export const bundleSettingSchema = z.object({
  key: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  sensitive: z.boolean(),
  multiple: z.boolean(),
  /** The default as text (never for sensitive settings). */
  default: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});

/** A bundle's file as the window sends it: its name and its bytes in base64 (at most ~28 MB). */
export const bundleFileInput = z.strictObject({
  fileName: z.string().min(1).max(LIMITS.nameChars),
  base64: z.string().min(1).max(LIMITS.payloadChars),
});

export const bundlePreviewSchema = z.object({
  /** Key of the bundle read and kept in main until it is installed or another one is read. */
  token: z.string(),
  name: z.string(),
  displayName: z.string(),
  version: z.string(),
  description: z.string(),
  author: z.string(),
  serverType: z.enum(['node', 'python', 'binary', 'uv']),
  /** The name it would get here. */
  suggestedName: z.string(),
  /** What it would run (before the settings are filled in; `${__dirname}` is its folder). */
  command: z.string(),
  args: z.array(z.string()),
  settings: z.array(bundleSettingSchema),
  sandbox: z.boolean(),
});

export const bundleInstallInput = z.strictObject({
  token: z.string().min(1).max(LIMITS.nameChars),
  name: z.string().min(1).max(LIMITS.nameChars).optional(),
  /** Answers by setting key; a multiple setting's values are separated by new lines. */
  values: valuesSchema.default({}),
});
export const bundleInstallOutput = importOutcomeSchema.omit({ id: true }).extend({ folder: z.string() });

export type ImportClient = z.output<typeof importClientSchema>;
export type ImportNeededValue = z.output<typeof importNeededValueSchema>;
export type ImportCandidate = z.output<typeof importCandidateSchema>;
export type ImportFileError = z.output<typeof importFileErrorSchema>;
export type ImportScan = z.output<typeof importScanOutput>;
export type ImportChoice = z.input<typeof importChoiceSchema>;
export type ImportOutcome = z.output<typeof importOutcomeSchema>;
export type BundleSetting = z.output<typeof bundleSettingSchema>;
export type BundlePreview = z.output<typeof bundlePreviewSchema>;
export type BundleInstallResult = z.output<typeof bundleInstallOutput>;

/** `window.nanotray.imports.<method>`: MCP servers and extensions brought in from elsewhere. */
export const importsChannels = {
  /** The servers other apps on this machine have configured. */
  scan: invoke('imports:scan', z.strictObject({}), importScanOutput),
  /** Adds the chosen ones (untrusted; sandboxed where the sandbox works). */
  add: invoke('imports:add', importAddInput, importAddOutput),
  /** Reads a .mcpb bundle (checked, not unpacked yet) and says what it needs. */
  readBundle: invoke('imports:read-bundle', bundleFileInput, bundlePreviewSchema),
  /** Unpacks the bundle read before into Nanotray's home and adds its server. */
  installBundle: invoke('imports:install-bundle', bundleInstallInput, bundleInstallOutput),
};
