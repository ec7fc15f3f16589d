// Tokens and cost as people read them: "1,234 tokens · $0.0012", the split into what was sent and what came back.
import { currentLocale, t } from '../i18n/i18n';
import type { UsageCost } from '../state/types';

/** Dollars with the precision small amounts need: cents are too coarse for one answer ($0.0145, $12.50). */
export function dollars(cost: number, locale = currentLocale()): string {
  const precision: Intl.NumberFormatOptions =
    cost > 0 && cost < 1 ? { maximumSignificantDigits: 3 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', ...precision }).format(cost);
}

/** `1,234 tokens · $0.0012` (the cost only when every model has a price). */
export function usageLine(usage: UsageCost, locale = currentLocale()): string {
  const tokens = t('chat.usage.tokens', { count: usage.totalTokens, n: usage.totalTokens.toLocaleString(locale) });
  return usage.cost === undefined ? tokens : t('chat.usage.withCost', { tokens, cost: dollars(usage.cost, locale) });
}

/** `1,100 sent · 134 received`. */
export function usageSplit(usage: UsageCost, locale = currentLocale()): string {
  return t('chat.usage.split', { prompt: usage.promptTokens.toLocaleString(locale), completion: usage.completionTokens.toLocaleString(locale) });
}
