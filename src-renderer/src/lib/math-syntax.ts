// Where math is in markdown: marked extensions for $$…$$ and \[…\] blocks, and $…$, $$…$$ and \(…\) inline.
// A single $ opens math only before a non-space and closes only after one, never before a digit, so prices
// ("$5 and $10") stay text; \$ is a dollar sign. Code spans and blocks keep their dollars.
import type { TokenizerAndRendererExtension, Tokens } from 'marked';

interface MathToken extends Tokens.Generic {
  text: string;
  display: boolean;
}

const BLOCK = [/^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/, /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/];
const INLINE: ReadonlyArray<{ pattern: RegExp; display: boolean }> = [
  { pattern: /^\$\$(?!\$)([\s\S]+?)\$\$/, display: true },
  { pattern: /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n])+?)(?<!\s)\$(?!\d)/, display: false },
  { pattern: /^\\\(([\s\S]+?)\\\)/, display: false },
];

function token(type: string, raw: string, tex: string | undefined, display: boolean): MathToken | undefined {
  const text = (tex ?? '').trim();
  return text ? { type, raw, text, display } : undefined;
}

/** The two extensions; `draw(tex, display)` makes the HTML of one formula. */
export function mathExtensions(draw: (tex: string, display: boolean) => string): TokenizerAndRendererExtension[] {
  return [
    {
      name: 'mathBlock',
      level: 'block',
      start: (src) => src.match(/^ {0,3}(?:\$\$|\\\[)/m)?.index,
      tokenizer(src) {
        for (const pattern of BLOCK) {
          const m = pattern.exec(src);
          if (m) return token('mathBlock', m[0], m[1], true);
        }
        return undefined;
      },
      renderer: (t) => `${draw((t as MathToken).text, true)}\n`,
    },
    {
      name: 'mathInline',
      level: 'inline',
      start: (src) => {
        const i = src.search(/\$|\\\(/);
        return i < 0 ? undefined : i;
      },
      tokenizer(src) {
        for (const { pattern, display } of INLINE) {
          const m = pattern.exec(src);
          if (m) return token('mathInline', m[0], m[1], display);
        }
        return undefined;
      },
      renderer: (t) => draw((t as MathToken).text, (t as MathToken).display),
    },
  ];
}
