// Scheduler slice: heartbeat status and controls (pause, resume, run now) and cron jobs (list, add, edit, remove).
import { t as translate } from '../i18n/i18n';
import type { CoreEvent, CronJob, CronSchedule, HeartbeatRun, HeartbeatStatus } from '@contract/schemas';
import { call } from './ipc-call';
import { debounce, type SliceCreator } from './store-types';

export interface SchedulerSlice {
  heartbeat: HeartbeatStatus | null;
  heartbeatError: string | null;
  heartbeatBusy: boolean;
  /** Runs seen since the window opened (newest first); the status only carries the last one. */
  heartbeatRuns: HeartbeatRun[];
  cronJobs: CronJob[];
  cronError: string | null;
  loadHeartbeat(): Promise<void>;
  pauseHeartbeat(): Promise<void>;
  resumeHeartbeat(): Promise<void>;
  runHeartbeatNow(): Promise<HeartbeatRun | null>;
  loadCron(): Promise<void>;
  addCronJob(input: { name: string; message: string; schedule: CronSchedule }): Promise<string | null>;
  /** Saves an edit of a job in place; the error text, or null when saved. */
  updateCronJob(id: string, input: { name: string; message: string; schedule: CronSchedule }): Promise<string | null>;
  removeCronJob(id: string): Promise<void>;
  setCronEnabled(id: string, enabled: boolean): Promise<void>;
  runCronNow(id: string): Promise<void>;
  applySchedulerEvent(event: CoreEvent): void;
}

function rememberRun(runs: HeartbeatRun[], run: HeartbeatRun | null): HeartbeatRun[] {
  if (!run || runs.some((r) => r.id === run.id)) return runs;
  return [run, ...runs].sort((a, b) => b.startedAt - a.startedAt).slice(0, 10);
}

export const createSchedulerSlice: SliceCreator<SchedulerSlice> = (set, get, deps) => {
  const { api } = deps;
  const reloadHeartbeat = debounce(() => void get().loadHeartbeat(), deps.refreshDelayMs);
  const reloadCron = debounce(() => void get().loadCron(), deps.refreshDelayMs);

  function adopt(status: HeartbeatStatus): void {
    set({ heartbeat: status, heartbeatError: null, heartbeatRuns: status.recentRuns.slice(0, 10) });
  }

  return {
    heartbeat: null,
    heartbeatError: null,
    heartbeatBusy: false,
    heartbeatRuns: [],
    cronJobs: [],
    cronError: null,

    async loadHeartbeat() {
      const res = await call(api.heartbeat.status());
      if (!res.ok) set({ heartbeatError: res.message });
      else adopt(res.value);
    },

    async pauseHeartbeat() {
      const res = await call(api.heartbeat.pause());
      if (!res.ok) set({ heartbeatError: res.message });
      else adopt(res.value);
    },

    async resumeHeartbeat() {
      const res = await call(api.heartbeat.resume());
      if (!res.ok) set({ heartbeatError: res.message });
      else adopt(res.value);
    },

    async runHeartbeatNow() {
      set({ heartbeatBusy: true, heartbeatError: null });
      const res = await call(api.heartbeat.runNow());
      set({ heartbeatBusy: false });
      if (!res.ok) {
        set({ heartbeatError: res.message });
        return null;
      }
      set((s) => ({ heartbeatRuns: rememberRun(s.heartbeatRuns, res.value) }));
      void get().loadHeartbeat();
      return res.value;
    },

    async loadCron() {
      const res = await call(api.cron.list());
      if (!res.ok) set({ cronError: res.message });
      else set({ cronJobs: res.value.jobs, cronError: null });
    },

    async addCronJob(input) {
      const res = await call(api.cron.add(input));
      if (!res.ok) return res.message;
      set((s) => ({ cronJobs: [...s.cronJobs.filter((j) => j.id !== res.value.id), res.value] }));
      return null;
    },

    async updateCronJob(id, input) {
      const res = await call(api.cron.update({ id, ...input }));
      if (!res.ok) return res.message;
      set((s) => ({ cronJobs: s.cronJobs.map((j) => (j.id === id ? res.value : j)) }));
      return null;
    },

    async removeCronJob(id) {
      const res = await call(api.cron.remove({ id }));
      if (!res.ok) {
        get().pushToast({ title: translate('runtime.toast.removeFailed'), body: res.message, tone: 'error' });
        return;
      }
      set((s) => ({ cronJobs: s.cronJobs.filter((j) => j.id !== id) }));
    },

    async setCronEnabled(id, enabled) {
      const res = await call(api.cron.setEnabled({ id, enabled }));
      if (!res.ok) {
        get().pushToast({ title: enabled ? translate('runtime.toast.resumeFailed') : translate('runtime.toast.pauseFailed'), body: res.message, tone: 'error' });
        return;
      }
      set((s) => ({ cronJobs: s.cronJobs.map((j) => (j.id === id ? res.value : j)) }));
    },

    async runCronNow(id) {
      const res = await call(api.cron.runNow({ id }));
      if (!res.ok) {
        get().pushToast({ title: translate('runtime.toast.runFailed'), body: res.message, tone: 'error' });
        return;
      }
      const name = get().cronJobs.find((j) => j.id === id)?.name ?? id;
      get().pushToast({
        title: translate('runtime.toast.jobResult', { name, status: res.value.status }),
        body: res.value.error ?? translate('runtime.toast.finishedIn', { ms: Math.round(res.value.durationMs) }),
        tone: res.value.status === 'error' ? 'error' : 'success',
      });
      void get().loadCron();
    },

    applySchedulerEvent(event) {
      if (event.type === 'heartbeat.changed') reloadHeartbeat();
      else if (event.type === 'cron.changed') reloadCron();
    },
  };
};
