// What tokens cost, from the prices in config.json (US dollars per million tokens): shared by the core (turns,
// chats, days) and the window (a turn it watched live), so both say the same number.

export interface ModelTokens {
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export interface Price {
  input: number;
  output: number;
}

/**
 * The cost of `rows` in dollars, or undefined when it cannot be told: no rows, or a model that used tokens has no
 * price (a partial sum would read as the whole cost).
 */
export function costOf(rows: readonly ModelTokens[], prices: Readonly<Record<string, Price>>): number | undefined {
  let cost = 0;
  let counted = false;
  for (const row of rows) {
    if (row.promptTokens === 0 && row.completionTokens === 0) continue;
    const price = prices[row.model];
    if (!price) return undefined;
    cost += (row.promptTokens * price.input + row.completionTokens * price.output) / 1_000_000;
    counted = true;
  }
  return counted ? cost : undefined;
}

/** The rows summed, with their cost when it can be told (see costOf). */
export function usageWithCost(
  rows: readonly (ModelTokens & { totalTokens: number })[],
  prices: Readonly<Record<string, Price>>,
): { promptTokens: number; completionTokens: number; totalTokens: number; cost?: number } {
  const sum = (key: 'promptTokens' | 'completionTokens' | 'totalTokens') => rows.reduce((n, r) => n + r[key], 0);
  const cost = costOf(rows, prices);
  return { promptTokens: sum('promptTokens'), completionTokens: sum('completionTokens'), totalTokens: sum('totalTokens'), ...(cost !== undefined ? { cost } : {}) };
}
