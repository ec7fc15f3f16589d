// First-run set-up: creates the home folder, a starter config.json, the database and the workspace files.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { HomePaths } from '../config/home-paths';
import { resolveWorkspace } from '../config/home-paths';
import { prepareWorkspaceFolder } from '../config/workspace-folder';
import { homeProblemMessage } from '../config/home-problem';
import { loadConfig, updateConfigFile } from '../config/load-config';
import { writeFileAtomic } from '../lib/atomic-write';
import { privateFolder, tightenMode } from '../lib/private-files';
import { openDatabase } from '../store/db';
import { errResult, okResult, type Result } from '../lib/result';

export interface OnboardReport {
  home: string;
  configFile: string;
  configCreated: boolean;
  /** Legacy keys rewritten to their new names (e.g. tools.myEnabled → tools.my.enable). */
  migratedKeys: string[];
  dbFile: string;
  workspace: string;
  /** Workspace-relative paths of template files that were created (existing files are never touched). */
  createdFiles: string[];
}

/**
 * What a fresh config.json says: enough to show the shape, nothing secret. No provider yet, so
 * OPENAI_API_KEY / OPENAI_BASE_URL from the environment still apply until the user adds one.
 */
export const STARTER_CONFIG = {
  providers: {},
  agent: { provider: 'openai', model: 'gpt-4.1-mini' },
  tools: { approval: { mode: 'ask' }, restrictToWorkspace: true },
  heartbeat: { enable: true, intervalMinutes: 30 },
};

function listTemplateFiles(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listTemplateFiles(full, root));
    else out.push(relative(root, full));
  }
  return out;
}

/** Copies every template into the workspace unless a file of that name already exists. */
export function ensureWorkspace(workspace: string, templatesDir: string): string[] {
  mkdirSync(workspace, { recursive: true });
  mkdirSync(join(workspace, 'memory'), { recursive: true });
  mkdirSync(join(workspace, 'skills'), { recursive: true });
  const created: string[] = [];
  for (const rel of listTemplateFiles(templatesDir)) {
    const target = join(workspace, rel);
    if (existsSync(target)) continue;
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileAtomic(target, readFileSync(join(templatesDir, rel))); // whole or not at all, as every save
    created.push(rel.split('\\').join('/'));
  }
  return created;
}

/** Writes the starter config.json when there is none; returns whether it did. */
export function ensureConfigFile(file: string): boolean {
  if (existsSync(file)) return false;
  writeFileAtomic(file, `${JSON.stringify(STARTER_CONFIG, null, 2)}\n`, 0o600);
  return true;
}

/**
 * Idempotent set-up of NANOTRAY_HOME. An invalid config.json is reported and left as it is; a valid one
 * that still uses legacy keys is rewritten with the new names (other keys untouched).
 */
export function onboard(paths: HomePaths, templatesDir: string, env: NodeJS.ProcessEnv = process.env): Result<OnboardReport> {
  try {
    return setUpHome(paths, templatesDir, env);
  } catch (err) {
    // a full disk, a read-only or foreign home: said in words (see home-problem.ts), anything else as it is
    const words = homeProblemMessage(err, paths.home);
    if (words === undefined) throw err;
    return errResult(words);
  }
}

function setUpHome(paths: HomePaths, templatesDir: string, env: NodeJS.ProcessEnv): Result<OnboardReport> {
  privateFolder(paths.home);
  const configCreated = ensureConfigFile(paths.configFile);
  tightenMode(paths.configFile, 0o600);
  const loaded = loadConfig(paths.configFile, env);
  if (!loaded.ok) return errResult(loaded.error);
  let migratedKeys: string[] = [];
  if (loaded.value.legacyKeys.length) {
    const rewritten = updateConfigFile(paths.configFile, () => undefined);
    if (!rewritten.ok) return errResult(rewritten.error.message);
    migratedKeys = loaded.value.legacyKeys;
  }
  openDatabase(paths.dbFile).close();
  const prepared = prepareWorkspaceFolder(resolveWorkspace(paths, loaded.value.config.agent.workspace));
  if (!prepared.ok) return errResult(prepared.error.message);
  const workspace = prepared.value;
  const createdFiles = ensureWorkspace(workspace, templatesDir);
  return okResult({
    home: paths.home,
    configFile: paths.configFile,
    configCreated,
    migratedKeys,
    dbFile: paths.dbFile,
    workspace,
    createdFiles,
  });
}
