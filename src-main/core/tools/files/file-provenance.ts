// Which files the agent wrote itself in this session (real path + content hash): read_file marks every other
// file as untrusted content. What counts as "written by the agent" is deliberately narrow — see fileSource().
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fenceFor, isInside, realPathLoose, resolveToolPath } from '../../fence/path-guard';
import type { Tool, ToolContext } from '../tool';
import { promptFileAt } from '../../fence/prompt-files';
import { markUntrusted } from '../untrusted';

const SESSIONS_KEPT = 100;
const FILES_KEPT_PER_SESSION = 500;

function hashOf(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

function currentHash(real: string): string | undefined {
  try {
    return hashOf(readFileSync(real));
  } catch {
    return undefined;
  }
}

/** Per session: the real path of each file write_file / edit_file wrote, and the hash of what they wrote. */
export class FileProvenance {
  readonly #sessions = new Map<string, Map<string, string>>();

  /** Remembers the file's content as it is now as written by the agent in `sessionKey`. */
  recordWrite(sessionKey: string, realPath: string): void {
    const hash = currentHash(realPath);
    if (hash === undefined) return;
    let files = this.#sessions.get(sessionKey);
    if (!files) {
      files = new Map();
      this.#sessions.set(sessionKey, files);
      if (this.#sessions.size > SESSIONS_KEPT) this.#sessions.delete(this.#sessions.keys().next().value!);
    }
    files.delete(realPath);
    files.set(realPath, hash);
    if (files.size > FILES_KEPT_PER_SESSION) files.delete(files.keys().next().value!);
  }

  /** True when the file still holds exactly what the agent wrote to it in `sessionKey`. */
  wroteThis(sessionKey: string, realPath: string): boolean {
    const hash = this.#sessions.get(sessionKey)?.get(realPath);
    return hash !== undefined && hash === currentHash(realPath);
  }
}

/**
 * Where read_file's text comes from, for the untrusted marker. Not marked: a file the agent wrote itself earlier in
 * this session and nobody changed since (its content is already in the conversation), the files that form the
 * system prompt (the user's own instructions, reviewed), and the built-in skills shipped with Nanotray. Everything
 * else is marked — files of the user, downloads, clones, exec output, and what the agent wrote in another session
 * (it may have copied a web page or a mail there, so reading it back must not launder it).
 */
export function fileSource(provenance: FileProvenance, path: string, ctx: ToolContext): 'own' | 'untrusted' {
  const resolved = resolveToolPath(path, fenceFor(ctx, true));
  if (!resolved.ok) return 'untrusted';
  const real = realPathLoose(resolved.value);
  if (real === undefined) return 'untrusted';
  if (provenance.wroteThis(ctx.sessionKey, real)) return 'own';
  if (promptFileAt(ctx.workspace, resolved.value)) return 'own';
  const skills = realPathLoose(ctx.builtinSkillsDir);
  return skills !== undefined && isInside(skills, real) ? 'own' : 'untrusted';
}

/** read_file, with the untrusted marker on text from files the agent did not write (images are left as they are). */
export function markingReads(tool: Tool, provenance: FileProvenance): Tool {
  return {
    ...tool,
    async run(args, ctx) {
      const result = await tool.run(args, ctx);
      if (!result.ok || result.images?.length) return result;
      const path = (args as { path: string }).path; // validated against read_file's params by the registry
      return fileSource(provenance, path, ctx) === 'own' ? result : markUntrusted(result, `file ${path}`);
    },
  };
}

/** write_file / edit_file, recording what they wrote (so reading it back in the same session is not marked). */
export function recordingWrites(tool: Tool, provenance: FileProvenance): Tool {
  return {
    ...tool,
    async run(args, ctx) {
      const result = await tool.run(args, ctx);
      if (!result.ok) return result;
      const resolved = resolveToolPath((args as { path: string }).path, fenceFor(ctx)); // validated by the registry
      const real = resolved.ok ? realPathLoose(resolved.value) : undefined;
      if (real !== undefined) provenance.recordWrite(ctx.sessionKey, real);
      return result;
    },
  };
}
