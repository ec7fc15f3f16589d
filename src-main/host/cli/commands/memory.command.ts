// `nanotray memory pending|accept|reject`: review the memory changes that wait for the user (see memory-review.ts).
import { readFileSync } from 'node:fs';
import { resolveTimeZone } from '../../../core/lib/zoned-time';
import { formatPendingChanges } from '../../../core/memory/pending-text';
import { errorMessage } from '../../../core/lib/result';
import { flagString, parseArgs, write, type CliCommand, type CliIo } from '../cli-command';
import type { Core } from '../../../core/nanotray-core';
import { openCliCore } from './cli-core';

const USAGE = `Usage: nanotray memory pending
       nanotray memory accept ID [--file PATH]
       nanotray memory reject ID

  Changes the agent wants to make to the files of its system prompt (memory/MEMORY.md, AGENTS.md, SOUL.md,
  USER.md, TOOLS.md, IDENTITY.md, HEARTBEAT.md, skills/*/SKILL.md) wait here when nobody could review them.
  pending lists each with its diff; accept writes it (with --file, the text in PATH instead: your edit or
  merge); reject drops it. Nothing reaches the prompt before it is accepted.`;

function parseId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function accept(core: Core, io: CliIo, id: number, file: string | undefined): number {
  let content: string | undefined;
  if (file !== undefined) {
    try {
      content = readFileSync(file, 'utf8');
    } catch (err) {
      write(io.stderr, `Error: could not read ${file}: ${errorMessage(err)}`);
      return 1;
    }
  }
  const change = core.memoryReview.get(id);
  // An edited text is the user's own merge: it goes on top of the file as it is now.
  const baseVersion = content !== undefined ? change?.currentVersion : undefined;
  const accepted = core.memoryReview.accept(id, { ...(content !== undefined ? { content } : {}), ...(baseVersion ? { baseVersion } : {}) });
  if (!accepted.ok) {
    write(io.stderr, accepted.error.message);
    return 1;
  }
  const outcome = accepted.value;
  if (outcome.status === 'conflict') {
    write(
      io.stderr,
      `Error: ${outcome.path} changed since change #${id} was proposed, so nothing was written. Merge it in the window's ` +
        `memory view, or write the text you want into a file and run: nanotray memory accept ${id} --file PATH (or reject it).`,
    );
    return 1;
  }
  write(io.stdout, `Accepted change #${id}: ${outcome.path} updated.`);
  return 0;
}

export const memoryCommand: CliCommand = {
  name: 'memory',
  summary: 'Review pending changes to the agent\'s memory and prompt files',
  usage: USAGE,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action !== 'pending' && action !== 'accept' && action !== 'reject') {
      write(io.stderr, `nanotray memory: unknown action '${action ?? ''}'. Use pending, accept or reject.`);
      return 2;
    }
    const parsed = parseArgs(rest);
    const id = parseId(parsed.positionals[0]);
    if (action !== 'pending' && id === undefined) {
      write(io.stderr, `nanotray memory ${action}: give the change's number, e.g. nanotray memory ${action} 3 (see nanotray memory pending).`);
      return 2;
    }
    const core = openCliCore(io, 'memory');
    if (!core) return 1;
    try {
      if (action === 'pending') {
        write(io.stdout, formatPendingChanges(core.memoryReview.list(), resolveTimeZone(core.config().agent.timezone)));
        return 0;
      }
      if (action === 'accept') return accept(core, io, id!, flagString(parsed, 'file'));
      const rejected = core.memoryReview.reject(id!);
      if (!rejected.ok) {
        write(io.stderr, rejected.error.message);
        return 1;
      }
      write(io.stdout, `Rejected change #${id}; the file is unchanged.`);
      return 0;
    } finally {
      await core.dispose();
    }
  },
};
