// Heartbeat and cron domains: status and control of the heartbeat, list/add/remove of cron jobs.
import { z } from 'zod';
import { emptyInputSchema, nameSchema, sessionKeySchema } from './common-schemas';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';

/**
 * Why a heartbeat tick ended as it did, as a code (each host words it: desktop-texts `heartbeat.reason.*`). `none`:
 * nothing to say (it ran, or notified). `unknown`: a row stored before reasons were codes (its English, shown as is).
 */
export const heartbeatReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('none') }),
  z.object({ code: z.literal('overlap') }),
  z.object({ code: z.literal('outside_active_hours'), start: z.string(), end: z.string(), timeZone: z.string() }),
  z.object({ code: z.literal('no_heartbeat_file') }),
  z.object({ code: z.literal('no_active_tasks') }),
  z.object({ code: z.literal('budget_spent'), spent: z.number(), budget: z.number() }),
  z.object({ code: z.literal('no_provider') }),
  z.object({ code: z.literal('user_busy') }),
  z.object({ code: z.literal('nothing_to_report') }),
  z.object({ code: z.literal('empty_reply') }),
  z.object({ code: z.literal('stopped'), stopReason: z.string() }),
  z.object({ code: z.literal('cancelled') }),
  /** The turn failed; the run's `message` holds the error. */
  z.object({ code: z.literal('turn_failed') }),
  z.object({ code: z.literal('unknown'), text: z.string() }),
]);

export const heartbeatOutcomeSchema = z.enum(['ran', 'silent', 'notified', 'skipped', 'failed']);

export const heartbeatRunSchema = z.object({
  id: z.number(),
  startedAt: z.number(),
  durationMs: z.number(),
  outcome: heartbeatOutcomeSchema,
  reason: heartbeatReasonSchema,
  /** The notification text (token removed) or the error; empty otherwise. */
  message: z.string(),
  tokens: z.number(),
});

export const heartbeatStatusOutput = z.object({
  enabled: z.boolean(),
  paused: z.boolean(),
  running: z.boolean(),
  intervalMinutes: z.number(),
  nextRunAt: z.number().nullable(),
  lastRun: heartbeatRunSchema.nullable(),
  tokensToday: z.number(),
  dailyTokenBudget: z.number(),
  state: z.enum(['disabled', 'stopped', 'paused', 'idle', 'running']),
  activeHours: z.object({ start: z.string(), end: z.string() }).optional(),
  timeZone: z.string(),
  /** Newest first (up to 10). */
  recentRuns: z.array(heartbeatRunSchema),
  /**
   * The one process of this home that runs heartbeat and cron (desktop app, `nanotray web` or `nanotray
   * daemon`); null when none does. The others arm no timer.
   */
  runsIn: z.object({ here: z.boolean(), label: z.string().max(100), pid: z.number().int() }).nullable().optional(),
});
export const heartbeatRunNowOutput = heartbeatRunSchema;

export const cronScheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('every'), everySeconds: z.number().int().min(1).max(366 * 24 * 3600) }),
  z.strictObject({ kind: z.literal('cron'), expr: z.string().min(1).max(200), tz: z.string().max(100).optional() }),
  /** ISO date-time, one shot. */
  z.strictObject({ kind: z.literal('at'), at: z.string().min(1).max(100) }),
]);

/**
 * A cron run: `running` from the moment it starts; then `ok`, `error`, `skipped` (not run: the previous run still
 * going), `stopped` (cancelled) or `interrupted` (its process died while it ran; marked by the next scheduler owner).
 */
// The status is the code a host words (the window's runtime.cron.runStatus.*); `error` only ever holds an error's
// own text, never a rewording of the status.
export const cronRunStatusSchema = z.enum(['running', 'ok', 'error', 'skipped', 'stopped', 'interrupted']);

export const cronJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  sessionKey: z.string(),
  message: z.string(),
  schedule: cronScheduleSchema,
  enabled: z.boolean(),
  lastStatus: cronRunStatusSchema.nullable(),
  lastError: z.string().nullable(),
  lastRunAt: z.number().nullable(),
  nextRunAt: z.number().nullable(),
  consecutiveErrors: z.number(),
  createdAt: z.number(),
  /** `every 5m`, `cron '0 9 * * *' (Europe/Berlin)`, `at …`. */
  scheduleText: z.string(),
  running: z.boolean(),
});
export const cronListOutput = z.object({ jobs: z.array(cronJobSchema) });

export const cronAddInput = z.strictObject({
  name: nameSchema,
  message: z.string().min(1).max(LIMITS.textChars),
  schedule: cronScheduleSchema,
  /** Where the job's turns run (default `cron:<id>`). */
  sessionKey: sessionKeySchema.optional(),
});
export const cronAddOutput = cronJobSchema;

/** An edit of a job in place: its id, session, paused state and run history stay. */
export const cronUpdateInput = z.strictObject({
  id: nameSchema,
  name: nameSchema,
  message: z.string().min(1).max(LIMITS.textChars),
  schedule: cronScheduleSchema,
});
export const cronUpdateOutput = cronJobSchema;

export const cronRemoveInput = z.strictObject({ id: nameSchema });
export const cronRemoveOutput = z.object({ removed: z.boolean() });

export const cronSetEnabledInput = z.strictObject({ id: nameSchema, enabled: z.boolean() });
export const cronSetEnabledOutput = cronJobSchema;
export const cronRunNowInput = z.strictObject({ id: nameSchema });
export const cronRunNowOutput = z.object({
  status: cronRunStatusSchema,
  durationMs: z.number(),
  error: z.string().optional(),
});

export type HeartbeatStatus = z.output<typeof heartbeatStatusOutput>;
export type HeartbeatRun = z.output<typeof heartbeatRunSchema>;
export type HeartbeatReason = z.output<typeof heartbeatReasonSchema>;
export type HeartbeatOutcome = z.output<typeof heartbeatOutcomeSchema>;
export type HeartbeatState = HeartbeatStatus['state'];
export type CronSchedule = z.output<typeof cronScheduleSchema>;
export type CronJob = z.output<typeof cronJobSchema>;

/** `window.nanotray.heartbeat.<method>`: each method's channel with its input and output schema. */
export const heartbeatChannels = {
  status: invoke('heartbeat:status', emptyInputSchema, heartbeatStatusOutput),
  pause: invoke('heartbeat:pause', emptyInputSchema, heartbeatStatusOutput),
  resume: invoke('heartbeat:resume', emptyInputSchema, heartbeatStatusOutput),
  runNow: invoke('heartbeat:run-now', emptyInputSchema, heartbeatRunNowOutput),
};

/** `window.nanotray.cron.<method>`: each method's channel with its input and output schema. */
export const cronChannels = {
  list: invoke('cron:list', emptyInputSchema, cronListOutput),
  add: invoke('cron:add', cronAddInput, cronAddOutput),
  /** Changes a job's name, message and schedule, keeping its id and run history. */
  update: invoke('cron:update', cronUpdateInput, cronUpdateOutput),
  remove: invoke('cron:remove', cronRemoveInput, cronRemoveOutput),
  /** Pause (false) or resume (true) a job. */
  setEnabled: invoke('cron:set-enabled', cronSetEnabledInput, cronSetEnabledOutput),
  /** Runs a job now, outside its schedule. */
  runNow: invoke('cron:run-now', cronRunNowInput, cronRunNowOutput),
};
export type CronRunStatus = z.output<typeof cronRunStatusSchema>;
