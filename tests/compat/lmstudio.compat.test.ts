// LM Studio's OpenAI-compatible server through the real agent loop, two turns each.
// What the scripted quirks imitate, and where it is documented:
// - streamed tool calls whose later parts carry an empty `name` ("parts after the first given with an empty
//   function name field", lmstudio-ai/lmstudio-bug-tracker#649), and servers that repeat the name in every delta:
//   a name is set, never appended (before, `read_file` came out as `read_fileread_fileread_file`).
// - some models send a call's whole arguments in one chunk (lmstudio-bug-tracker#1868).
import { describe, expect, it } from 'vitest';
import { expectValidHistory, useCompat } from './compat-harness';

const c = useCompat();

describe('LM Studio', () => {
  for (const repeat of ['empty', 'name'] as const) {
    it(`a call whose later deltas carry ${repeat === 'empty' ? 'an empty' : 'the same'} name is one call with that name`, async () => {
      c.open({ repeatToolName: repeat, strictHistory: true });
      c.t.llm.enqueue(
        { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }, { name: 'list_dir', arguments: { path: '.' } }] },
        { text: 'Milk.' },
        { text: 'Milk again.' },
      );
      expect((await c.turn('notes?')).text).toBe('Milk.');
      const calls = c.stored()[1]!.toolCalls;
      expect(calls.map((t) => [t.name, t.arguments])).toEqual([
        ['read_file', '{"path":"notes.md"}'],
        ['list_dir', '{"path":"."}'],
      ]);
      expect(c.stored()[2]!.content).toContain('Buy milk.');
      expect((await c.turn('again')).text).toBe('Milk again.');
      expectValidHistory(c.stored());
    });
  }

  it('whole arguments in one chunk per call', async () => {
    c.open({ wholeToolCalls: true });
    c.t.llm.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] }, { text: 'Read it.' }, { text: 'Next.' });
    expect((await c.turn('read')).text).toBe('Read it.');
    expect(c.stored()[1]!.toolCalls[0]).toMatchObject({ name: 'read_file', arguments: '{"path":"notes.md"}' });
    expect((await c.turn('next')).text).toBe('Next.');
  });
});
