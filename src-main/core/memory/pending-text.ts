// Plain-text views of pending memory changes for terminals: a header line per change and a unified diff.
import { createTwoFilesPatch } from 'diff';
import { formatZoned } from '../lib/zoned-time';
import type { PendingChangeView } from './memory-review';

/** A unified diff from `before` to `after` (`---`/`+++` headers named after `path`), without the Index banner. */
export function unifiedDiff(path: string, before: string, after: string, labels: [string, string] = ['now', 'proposed']): string {
  const patch = createTwoFilesPatch(path, path, before, after, labels[0], labels[1], { context: 3 });
  return patch.replace(/^Index: .*\n=+\n/, '').trimEnd();
}

/** Who proposed a change, in words. */
export function pendingOrigin(change: Pick<PendingChangeView, 'source' | 'sessionKey' | 'tool'>): string {
  const session = change.sessionKey ? ` in ${change.sessionKey}` : '';
  return change.source === 'consolidation' ? `consolidation${session}` : `${change.tool || 'a tool'}${session}`;
}

/** Every waiting change with its diff against the file as it is now (a conflict says so), or a one-liner. */
export function formatPendingChanges(changes: readonly PendingChangeView[], timeZone: string): string {
  if (!changes.length) return 'No pending memory changes.';
  const blocks = changes.map((c) => {
    const head = `#${c.id}  ${c.path}  (${pendingOrigin(c)}, ${formatZoned(c.createdAt, timeZone)})`;
    const note = c.conflict
      ? `\n  ${c.path} changed since this was proposed: accepting needs a merge (memory view, or accept ${c.id} --file PATH).`
      : '';
    return `${head}${note}\n${unifiedDiff(c.path, c.currentContent, c.proposed)}`;
  });
  return `${blocks.join('\n\n')}\n\nAccept with: nanotray memory accept <id>   Reject with: nanotray memory reject <id>`;
}
