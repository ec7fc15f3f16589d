// Reads the policy's subagents text (`[id] 'label'`, `phase: …, iteration: …, elapsed: …s`, `tools: …`)
// into rows the panel can show — the same text the `my` tool gives the model.

export interface SubagentRow {
  id: string;
  label: string;
  phase: string;
  iteration: number;
  elapsedSeconds: number;
  tools: string;
  stopReason: string | null;
  error: string | null;
}

/** Phases after which a subagent can no longer be cancelled. */
const FINISHED = new Set(['done', 'failed', 'cancelled', 'completed', 'error']);

export function parseSubagents(text: string | null): SubagentRow[] {
  if (!text) return [];
  const rows: SubagentRow[] = [];
  let current: SubagentRow | null = null;
  for (const line of text.split('\n')) {
    const head = /^\s*\[([^\]]+)\] '(.*)'\s*$/.exec(line);
    if (head) {
      current = { id: head[1]!, label: head[2]!, phase: '', iteration: 0, elapsedSeconds: 0, tools: 'none', stopReason: null, error: null };
      rows.push(current);
      continue;
    }
    if (!current) continue;
    const status = /phase: ([^,]+), iteration: (\d+), elapsed: ([\d.]+)s/.exec(line);
    if (status) {
      current.phase = status[1]!.trim();
      current.iteration = Number(status[2]);
      current.elapsedSeconds = Number(status[3]);
      continue;
    }
    const field = /^\s*(tools|stop_reason|error): (.*)$/.exec(line);
    if (field) {
      if (field[1] === 'tools') current.tools = field[2]!;
      else if (field[1] === 'stop_reason') current.stopReason = field[2]!;
      else current.error = field[2]!;
    }
  }
  return rows;
}

export function isFinished(row: SubagentRow): boolean {
  return FINISHED.has(row.phase) || row.stopReason !== null;
}
