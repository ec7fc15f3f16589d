// Tool-call assembly by id and index: every way servers stream parallel calls comes out as one call per call.
import { describe, expect, it } from 'vitest';
import { ToolCallAssembler, type ToolCallDelta } from '../../../../src-main/core/model/providers/tool-call-assembler';

function assemble(deltas: ToolCallDelta[]) {
  const a = new ToolCallAssembler();
  for (const d of deltas) a.add(d);
  return a.calls().map((c) => [c.id, c.name, c.arguments]);
}

describe('ToolCallAssembler', () => {
  it('OpenAI: index and id on the first delta, argument fragments after', () => {
    expect(assemble([
      { index: 0, id: 'a', name: 'list_dir', arguments: '' },
      { index: 0, arguments: '{"path":' },
      { index: 1, id: 'b', name: 'read_file', arguments: '{"pa' },
      { index: 0, arguments: '"."}' },
      { index: 1, arguments: 'th":"x"}' },
    ])).toEqual([['a', 'list_dir', '{"path":"."}'], ['b', 'read_file', '{"path":"x"}']]);
  });

  it('index 0 for every call: a new id starts a new call', () => {
    expect(assemble([
      { index: 0, id: 'a', name: 'list_dir', arguments: '{"path":"."}' },
      { index: 0, id: 'b', name: 'read_file', arguments: '{"path":"AGENTS.md"}' },
    ])).toEqual([['a', 'list_dir', '{"path":"."}'], ['b', 'read_file', '{"path":"AGENTS.md"}']]);
  });

  it('no index and no id: a whole call followed by a new name or object is the next call', () => {
    expect(assemble([
      { name: 'list_dir', arguments: '{"path":"."}' },
      { name: 'read_file', arguments: '{"path":"AGENTS.md"}' },
      { name: 'read_file', arguments: '{"path":"SOUL.md"}' },
    ])).toEqual([['call_0', 'list_dir', '{"path":"."}'], ['call_1', 'read_file', '{"path":"AGENTS.md"}'], ['call_2', 'read_file', '{"path":"SOUL.md"}']]);
  });

  it('a name repeated (or empty) in every delta is set, never appended', () => {
    expect(assemble([
      { index: 0, id: 'a', name: 'read_file', arguments: '{"pa' },
      { index: 0, name: 'read_file', arguments: 'th":' },
      { index: 0, name: '', arguments: '"x"}' },
    ])).toEqual([['a', 'read_file', '{"path":"x"}']]);
  });

  it('the same id again continues its call, even under another index', () => {
    expect(assemble([
      { index: 0, id: 'a', name: 'echo', arguments: '{"text":' },
      { index: 3, id: 'a', arguments: '"hi"}' },
    ])).toEqual([['a', 'echo', '{"text":"hi"}']]);
  });

  it('an id that arrives after a nameless first fragment belongs to that fragment', () => {
    expect(assemble([{ index: 0, arguments: '' }, { index: 0, id: 'late', name: 'echo', arguments: '{}' }])).toEqual([['late', 'echo', '{}']]);
  });

  it('calls without a name are dropped', () => {
    expect(assemble([{ index: 0, arguments: '{"x":1}' }])).toEqual([]);
  });
});
