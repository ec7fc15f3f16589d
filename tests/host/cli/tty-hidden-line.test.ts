// Typing a value on a terminal for `mcp import` / `mcp install`: a hidden one is never echoed, backspace edits,
// Ctrl+C gives up, and the terminal leaves raw mode afterwards.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { canReadTyped, readTyped } from '../../../src-main/host/cli/tty-hidden-line';
import { captureIo } from './cli-harness';

function terminalIo() {
  const io = captureIo({}, true);
  const modes: boolean[] = [];
  const stdin = io.stdin as PassThrough & { isTTY?: boolean; setRawMode?(on: boolean): void };
  stdin.isTTY = true;
  stdin.setRawMode = (on) => void modes.push(on);
  return { io, modes };
}

describe('readTyped', () => {
  it('reads a hidden line without echoing it, with backspace, and restores the terminal', async () => {
    const { io, modes } = terminalIo();
    expect(canReadTyped(io)).toBe(true);
    const typed = readTyped(io, 'Token: ', false);
    io.stdin.write('sekx\u007fret-value\r');
    expect(await typed).toBe('sekret-value');
    expect(io.err()).toBe('Token: \n');
    expect(modes).toEqual([true, false]);
  });

  it('echoes a visible line, and Ctrl+C gives null', async () => {
    const { io } = terminalIo();
    const shown = readTyped(io, 'Label: ', true);
    io.stdin.write('ab\r');
    expect(await shown).toBe('ab');
    expect(io.err()).toBe('Label: ab\n');
    const stopped = readTyped(io, 'Key: ', false);
    io.stdin.write('x\u0003');
    expect(await stopped).toBeNull();
  });

  it('is not used for piped input', () => {
    expect(canReadTyped(captureIo({}, true))).toBe(false);
  });
});
