// The model picker's options: presets first (default on top), then each provider's models; every typed word must
// appear; ids stay put while the filter changes; a chat's own model is chosen over its preset.
import { describe, expect, it } from 'vitest';
import { isChosen, modelOptionGroups } from '../../src-renderer/src/features/chat/model-options';

const presets = [
  { name: 'smart', model: 'smart-model' },
  { name: 'default', model: 'fake-model' },
];
const providers = [
  { provider: 'local', models: ['qwen3:8b', 'llama3'], fetchedAt: 0 },
  { provider: 'gone', models: [], error: { code: 'network' as const, message: 'down' }, fetchedAt: 0 },
];

describe('modelOptionGroups', () => {
  it('puts the presets first, default on top, then each reachable provider', () => {
    const groups = modelOptionGroups(presets, providers, '');
    expect(groups.map((g) => [g.key, g.options.map((o) => (o.kind === 'preset' ? o.preset.name : o.model))])).toEqual([
      ['presets', ['default', 'smart']],
      ['local', ['qwen3:8b', 'llama3']],
    ]);
  });

  it('keeps an option whose fields hold every typed word, in any case, with the same id', () => {
    const all = modelOptionGroups(presets, providers, '').flatMap((g) => g.options);
    const some = modelOptionGroups(presets, providers, 'LOCAL  llama').flatMap((g) => g.options);
    expect(some).toHaveLength(1);
    expect(some[0]!.id).toBe(all.find((o) => o.kind === 'model' && o.model === 'llama3')!.id);
    const listed = (filter: string) => modelOptionGroups(presets, providers, filter).filter((g) => !g.typed);
    expect(listed('smart').flatMap((g) => g.options).map((o) => o.id)).toEqual(['model-preset-1']);
    expect(listed('nothing')).toEqual([]);
  });

  it('offers a typed name no provider lists as a model of each provider, last; never a listed one or one with spaces', () => {
    const groups = modelOptionGroups(presets, providers, ' gpt-5-preview ');
    expect(groups.map((g) => g.key)).toEqual(['typed']);
    expect(groups[0]!.options).toEqual([
      { kind: 'model', id: 'model-typed-0-gpt-5-preview', provider: 'local', model: 'gpt-5-preview', typed: true },
      { kind: 'model', id: 'model-typed-1-gpt-5-preview', provider: 'gone', model: 'gpt-5-preview', typed: true },
    ]);
    const partly = modelOptionGroups(presets, providers, 'llama');
    expect(partly.map((g) => g.key)).toEqual(['local', 'typed']);
    expect(modelOptionGroups(presets, providers, 'llama3').find((g) => g.typed)!.options.map((o) => (o.kind === 'model' ? o.provider : ''))).toEqual(['gone']);
    expect(modelOptionGroups(presets, providers, 'two words').some((g) => g.typed)).toBe(false);
    expect(modelOptionGroups(presets, providers, '').some((g) => g.typed)).toBe(false);
  });

  it("marks the chat's own model as chosen, not its preset", () => {
    const [p, m] = [modelOptionGroups(presets, providers, 'default')[0]!.options[0]!, modelOptionGroups(presets, providers, 'llama')[0]!.options[0]!];
    expect([isChosen(p, 'default', undefined), isChosen(m, 'default', undefined)]).toEqual([true, false]);
    expect([isChosen(p, 'llama3', { provider: 'local', model: 'llama3' }), isChosen(m, 'llama3', { provider: 'local', model: 'llama3' })]).toEqual([false, true]);
  });
});
