// A start that fails before any tray is up (the app's code failed to load, or the shell threw) never leaves an
// invisible process holding the single-instance lock: a dialog says why and the app exits.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { app, dialog, resetFakeElectron } from './helpers/fake-electron';
import { reportFatalStart } from '../../src-main/shell/fatal-start';

describe('a fatal start', () => {
  beforeEach(() => resetFakeElectron());

  it('shows the reason in a dialog and exits with code 1 (freeing the single-instance lock)', () => {
    reportFatalStart(new Error('EACCES: permission denied, mkdir /home/ada/.nanotray/workspace'));
    expect(dialog.errors).toHaveLength(1);
    expect(dialog.errors[0]![0]).toBe('Nanotray could not start');
    expect(dialog.errors[0]![1]).toContain('EACCES: permission denied, mkdir /home/ada/.nanotray/workspace');
    expect(dialog.errors[0]![1]).toContain('nanotray doctor');
    expect(app.exitCode).toBe(1);
  });

  it('exits even when no dialog can be shown', () => {
    const showErrorBox = vi.spyOn(dialog, 'showErrorBox').mockImplementation(() => {
      throw new Error('not ready');
    });
    expect(() => reportFatalStart('boom')).not.toThrow();
    expect(app.exitCode).toBe(1);
    showErrorBox.mockRestore();
  });
});
