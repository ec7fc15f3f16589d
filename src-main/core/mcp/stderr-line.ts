// The line of a stdio server's stderr that says why it failed (`Error: Cannot find module …`), not the runtime's
// footer (`Node.js v20…`), a stack frame or a caret.

/** Lines that never explain a failure: stack frames, Node's version footer, source excerpts around a throw. */
function isNoise(line: string): boolean {
  return (
    line === '' ||
    line.startsWith('at ') ||
    line.startsWith('Node.js v') ||
    line.startsWith('node:internal/') ||
    line.startsWith('Require stack:') ||
    line.startsWith('- ') ||
    /^[\^~\s]+$/.test(line) ||
    /^[{}[\]();,\s]+$/.test(line) ||
    line === 'throw err;' ||
    line.endsWith('{') ||
    /^[a-z_$][\w$]*: [[{'"\d]/.test(line) // a field of a printed error object: code: 'MODULE_NOT_FOUND'
  );
}

/** `Error: …`, `ModuleNotFoundError: …`, `npm error …`, `fatal: …`: a line that names the failure. */
function namesFailure(line: string): boolean {
  return /^([A-Z][\w.]*)?(Error|Exception)\b[^\n]*:/.test(line) || /^(\S+ )?(error|fatal|ERR!)\b/i.test(line) || /^panic\b|panicked at/.test(line);
}

const MAX_LINE_CHARS = 300;

/**
 * The most telling line of the child's stderr tail: the first line that names a failure, else the last line that is
 * not noise; undefined when the tail holds nothing useful.
 */
export function telltaleStderrLine(tail: string): string | undefined {
  const lines = tail
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => !isNoise(line));
  const line = lines.find(namesFailure) ?? lines.at(-1);
  return line ? line.slice(0, MAX_LINE_CHARS) : undefined;
}
