// "Nothing reads meaning back out of a message" as a checker: no regex or `startsWith('Error')` on the text of an
// error, a tool result or a command's output. Codes carry the meaning (core/lib/core-error.ts and the unions).
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from './source-files';

export interface MeaningViolation {
  file: string;
  line: number;
  rule: string;
}

/** Names of values that hold text for people: an error, a message, a result, an output, a reason. */
const TEXTY = String.raw`[\w$.?!\[\]]*(?:message|Message|error|Error|result|Result|output|reason|msg|Detail|said)\b`;

const RULES: { rule: string; re: RegExp }[] = [
  { rule: 'tests a regex against the text of an error or result', re: new RegExp(String.raw`\.test\(\s*${TEXTY}[^)]*\)`, 'g') },
  { rule: 'matches the text of an error or result', re: new RegExp(String.raw`(?:message|error|result|output|reason)\??\.(?:match|matchAll|search)\(`, 'g') },
  { rule: 'reads a failure from the prefix of a result', re: /\.(?:output|result|text|value)\??\.(?:startsWith|includes)\(\s*['"`]Error/g },
  { rule: 'reads a failure from the prefix of a text', re: /\/\^Error[^/\n]*\/[gimsuy]*\.test\(/g },
];

/**
 * Foreign errors with no code of their own, classified at the edge where they enter the core (file → why).
 * Everything past that edge carries a code.
 */
export const FOREIGN_EDGES: Readonly<Record<string, string>> = {
  'src-main/core/model/providers/provider-errors.ts': "a server's error object: its status, code and param fields are read (never its message)",
};

/** The violations in `source` (at repo-relative `rel`), one per offending line. */
export function checkErrorMeaning(rel: string, source: string): MeaningViolation[] {
  if (rel in FOREIGN_EDGES) return [];
  const lines = source.split('\n');
  const found: MeaningViolation[] = [];
  for (const { rule, re } of RULES) {
    for (const m of source.matchAll(re)) {
      const line = source.slice(0, m.index).split('\n').length;
      if (lines[line - 1]!.trim().startsWith('//') || lines[line - 1]!.trim().startsWith('*')) continue;
      found.push({ file: rel, line, rule: `${rule}: ${lines[line - 1]!.trim().slice(0, 120)}` });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}


/** Every violation under `folder` of the repository at `root`. */
export function scanErrorMeaning(root: string, folder: string): MeaningViolation[] {
  return sourceFiles(join(root, folder)).flatMap((file) => checkErrorMeaning(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')));
}
