// heartbeat:* and cron:* handlers over the scheduler services (status, pause/resume/run now, cron jobs).
import type { CoreBase } from '../../nanotray-core';
import type { CronJob, CronSchedule, HeartbeatRun, HeartbeatStatus, InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { listHeartbeatRuns, heartbeatTokensSince } from '../../scheduler/heartbeat-runs.repo';
import { hasMethod, serviceOf } from '../core-services';
import { guessCode, ipcFail, ipcOk, unavailable } from '../ipc-values';
import { normalizeCall } from './result-shapes';

type SchedulerHandlers = Pick<
  InvokeHandlers,
  'heartbeat:status' | 'heartbeat:pause' | 'heartbeat:resume' | 'heartbeat:run-now' | 'cron:list' | 'cron:add' | 'cron:remove'
>;

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const OUTCOMES = new Set(['ran', 'silent', 'notified', 'skipped', 'failed']);

export function toHeartbeatRun(value: unknown): HeartbeatRun | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const outcome = typeof v.outcome === 'string' && OUTCOMES.has(v.outcome) ? (v.outcome as HeartbeatRun['outcome']) : typeof v.status === 'string' && OUTCOMES.has(v.status) ? (v.status as HeartbeatRun['outcome']) : 'failed';
  return {
    startedAt: num(v.startedAt, 0),
    durationMs: num(v.durationMs, 0),
    outcome,
    reason: typeof v.reason === 'string' ? v.reason : '',
    message: typeof v.message === 'string' ? v.message : '',
    tokens: num(v.tokens, 0),
  };
}

function startOfToday(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The service's status, completed from config and the heartbeat_runs table where it says less. */
function toHeartbeatStatus(core: CoreBase, value: unknown): HeartbeatStatus {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const hb = core.config().heartbeat;
  const last = 'lastRun' in v ? toHeartbeatRun(v.lastRun) : toHeartbeatRun(listHeartbeatRuns(core.db, 1)[0]);
  return {
    enabled: typeof v.enabled === 'boolean' ? v.enabled : hb.enable,
    paused: v.paused === true,
    running: v.running === true,
    intervalMinutes: num(v.intervalMinutes, hb.intervalMinutes),
    nextRunAt: numOrNull(v.nextRunAt),
    lastRun: last,
    tokensToday: num(v.tokensToday, heartbeatTokensSince(core.db, startOfToday(core.clock.now()))),
    dailyTokenBudget: num(v.dailyTokenBudget, hb.dailyTokenBudget),
  };
}

function toSchedule(v: Record<string, unknown>): CronSchedule {
  const s = (v.schedule && typeof v.schedule === 'object' ? v.schedule : v) as Record<string, unknown>;
  if (s.kind === 'every') return { kind: 'every', everySeconds: num(s.everySeconds, 60) };
  if (s.kind === 'at') return { kind: 'at', at: String(s.at ?? '') };
  const expr = typeof s.expr === 'string' ? s.expr : typeof s.cronExpr === 'string' ? s.cronExpr : '';
  return { kind: 'cron', expr, ...(typeof s.tz === 'string' && s.tz ? { tz: s.tz } : {}) };
}

export function toCronJob(value: unknown): CronJob | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string') return undefined;
  return {
    id: v.id,
    name: typeof v.name === 'string' ? v.name : v.id,
    sessionKey: typeof v.sessionKey === 'string' ? v.sessionKey : `cron:${v.id}`,
    message: typeof v.message === 'string' ? v.message : '',
    schedule: toSchedule(v),
    enabled: v.enabled !== false,
    lastStatus: strOrNull(v.lastStatus),
    lastError: strOrNull(v.lastError),
    lastRunAt: numOrNull(v.lastRunAt),
    nextRunAt: numOrNull(v.nextRunAt),
    consecutiveErrors: num(v.consecutiveErrors, 0),
    createdAt: num(v.createdAt, 0),
  };
}

export function createSchedulerHandlers(core: CoreBase): SchedulerHandlers {
  const heartbeat = (): unknown => serviceOf<unknown>(core, 'heartbeat');
  const cron = (): unknown => serviceOf<unknown>(core, 'cron');

  const heartbeatCall = async (method: 'status' | 'pause' | 'resume') => {
    const h = heartbeat();
    if (!hasMethod(h, method)) return unavailable('The heartbeat');
    const out = await normalizeCall(() => (h[method] as () => unknown)());
    if (!out.ok) return ipcFail(guessCode(out.error), out.error);
    if (method === 'status') return ipcOk(toHeartbeatStatus(core, out.value));
    // pause/resume answer with the fresh status.
    const status = hasMethod(h, 'status') ? await normalizeCall(() => (h.status as () => unknown)()) : out;
    return ipcOk(toHeartbeatStatus(core, status.ok ? status.value : undefined));
  };

  return {
    'heartbeat:status': () => heartbeatCall('status'),
    'heartbeat:pause': () => heartbeatCall('pause'),
    'heartbeat:resume': () => heartbeatCall('resume'),

    async 'heartbeat:run-now'() {
      const h = heartbeat();
      if (!hasMethod(h, 'runNow')) return unavailable('The heartbeat');
      const out = await normalizeCall(() => (h.runNow as () => unknown)());
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      const run = toHeartbeatRun(out.value);
      return run ? ipcOk(run) : ipcFail('internal', 'The heartbeat did not report a result.');
    },

    async 'cron:list'() {
      const c = cron();
      if (!hasMethod(c, 'list')) return unavailable('Cron');
      const out = await normalizeCall(() => (c.list as () => unknown)());
      if (!out.ok) return ipcFail('internal', out.error);
      const jobs = (Array.isArray(out.value) ? out.value : []).map(toCronJob).filter((j): j is CronJob => Boolean(j));
      return ipcOk({ jobs });
    },

    async 'cron:add'(input) {
      const c = cron();
      if (!hasMethod(c, 'add')) return unavailable('Cron');
      const out = await normalizeCall(() => (c.add as (i: unknown) => unknown)({ ...input, source: 'ui' }));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      const job = toCronJob(out.value);
      return job ? ipcOk(job) : ipcFail('internal', 'Cron did not return the new job.');
    },

    async 'cron:remove'({ id }) {
      const c = cron();
      if (!hasMethod(c, 'remove')) return unavailable('Cron');
      const out = await normalizeCall(() => (c.remove as (i: string) => unknown)(id));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      if (out.value === false) return ipcFail('not_found', `No cron job "${id}".`);
      return ipcOk({ removed: true });
    },
  };
}
