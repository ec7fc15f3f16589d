// What tokens cost: dollars per million from config.json's prices; no figure at all when a model used has no price.
import { describe, expect, it } from 'vitest';
import { costOf, usageWithCost } from '../../src-preload/contract/usage-cost';

const prices = { 'gpt-4.1-mini': { input: 0.4, output: 1.6 }, 'local-llama': { input: 0, output: 0 } };

describe('usage cost', () => {
  it('prices each model\'s tokens sent and received', () => {
    expect(costOf([{ model: 'gpt-4.1-mini', promptTokens: 1_000_000, completionTokens: 500_000 }], prices)).toBeCloseTo(1.2);
    expect(costOf([{ model: 'gpt-4.1-mini', promptTokens: 1200, completionTokens: 300 }, { model: 'local-llama', promptTokens: 900, completionTokens: 90 }], prices)).toBeCloseTo(0.00096);
  });

  it('says nothing when a model that used tokens has no price, or nothing was used', () => {
    expect(costOf([{ model: 'gpt-4.1-mini', promptTokens: 10, completionTokens: 1 }, { model: 'unpriced', promptTokens: 5, completionTokens: 5 }], prices)).toBeUndefined();
    expect(costOf([{ model: 'unpriced', promptTokens: 0, completionTokens: 0 }], prices)).toBeUndefined();
    expect(costOf([], prices)).toBeUndefined();
  });

  it('sums the tokens and adds the cost only when it can be told', () => {
    expect(usageWithCost([{ model: 'unpriced', promptTokens: 7, completionTokens: 3, totalTokens: 10 }], prices)).toEqual({ promptTokens: 7, completionTokens: 3, totalTokens: 10 });
    expect(
      usageWithCost(
        [
          { model: 'gpt-4.1-mini', promptTokens: 500_000, completionTokens: 0, totalTokens: 500_000 },
          { model: 'gpt-4.1-mini', promptTokens: 500_000, completionTokens: 500_000, totalTokens: 1_000_000 },
        ],
        prices,
      ),
    ).toEqual({ promptTokens: 1_000_000, completionTokens: 500_000, totalTokens: 1_500_000, cost: expect.closeTo(1.2) });
  });
});
