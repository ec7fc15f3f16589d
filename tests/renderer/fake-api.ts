// An in-memory `window.nanotray` for store tests: handlers per method (unset ones answer `unavailable`),
// every call recorded, core events pushed by hand; plus a frame clock advanced by the test.
import type { NanotrayApi } from '@contract/api';
import type { CoreEvent, IpcResult } from '@contract/schemas';
import type { FrameScheduler } from '../../src-renderer/src/lib/stream-batcher';
import { createAppStore, type AppStore } from '../../src-renderer/src/state/store';

type Handler = (input: any) => unknown;
export type FakeHandlers = Record<string, Record<string, Handler>>;

export interface FakeApi {
  api: NanotrayApi;
  calls: Array<{ method: string; input: unknown }>;
  handlers: FakeHandlers;
  emit(event: CoreEvent): void;
}

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(code: 'invalid_input' | 'not_found' | 'forbidden' | 'conflict' | 'unavailable' | 'internal', message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

export function makeFakeApi(handlers: FakeHandlers = {}): FakeApi {
  const calls: FakeApi['calls'] = [];
  const listeners = new Set<(e: CoreEvent) => void>();
  const domain = (name: string) =>
    new Proxy(
      {},
      {
        get: (_t, method: string) => async (input: unknown) => {
          calls.push({ method: `${name}.${method}`, input });
          const h = handlers[name]?.[method];
          if (!h) return fail('unavailable', `${name}.${method} is not faked`);
          return h(input);
        },
      },
    );
  const api = new Proxy(
    {},
    {
      get: (_t, prop: string) => {
        if (prop === 'onCoreEvent') {
          return (l: (e: CoreEvent) => void) => {
            listeners.add(l);
            return () => listeners.delete(l);
          };
        }
        if (prop === 'onNavigate') return () => () => undefined;
        return domain(prop);
      },
    },
  ) as NanotrayApi; // the proxy answers every domain/method the type names
  return { api, calls, handlers, emit: (e) => listeners.forEach((l) => l(e)) };
}

export interface FakeFrames extends FrameScheduler {
  /** Runs the callbacks scheduled for the next frame; returns how many ran. */
  tick(): number;
  pending(): number;
}

export function fakeFrames(): FakeFrames {
  let next = 1;
  const queue = new Map<number, () => void>();
  return {
    request(cb) {
      const id = next++;
      queue.set(id, cb);
      return id;
    },
    cancel(id) {
      queue.delete(id);
    },
    tick() {
      const due = [...queue.values()];
      queue.clear();
      due.forEach((cb) => cb());
      return due.length;
    },
    pending: () => queue.size,
  };
}

export function makeTestStore(handlers: FakeHandlers = {}): { store: AppStore; fake: FakeApi; frames: FakeFrames } {
  const fake = makeFakeApi(handlers);
  const frames = fakeFrames();
  const store = createAppStore({ api: fake.api, frames, now: () => 1_000_000, refreshDelayMs: 0 });
  fake.api.onCoreEvent((e) => store.applyCoreEvent(e));
  return { store, fake, frames };
}
