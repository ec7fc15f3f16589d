// Cores a test opens on its temp home: disposed newest first, then the home removed, after each test.
import { afterEach } from 'vitest';
import type { Core } from '../../src-main/core/nanotray-core';
import type { TempHome } from './temp-home';

export interface TempCores {
  /** The current test's home (set by the test). */
  home: TempHome | undefined;
  /** The cores the current test opened, oldest first (a test may dispose one itself by taking it out). */
  readonly cores: Core[];
}

/** Registers the cleanup; call once at the top of a test file. */
export function useTempCores(): TempCores {
  const state: TempCores = { home: undefined, cores: [] };
  afterEach(async () => {
    for (const core of state.cores.splice(0).reverse()) await core.dispose();
    state.home?.cleanup();
    state.home = undefined;
  });
  return state;
}
