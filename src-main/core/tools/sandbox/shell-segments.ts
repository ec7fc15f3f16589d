// Splits a shell command into the simple commands it runs, aware of quotes and command substitution.
// Used by the exec allowlist (every segment must match) and by "always allow" command prefixes.

type FrameKind = 'top' | 'subst' | 'backtick' | 'paren';

interface Frame {
  kind: FrameKind;
  text: string;
  inDoubleQuotes: boolean;
}

/**
 * The simple commands of `command`: split on `;`, `&&`, `||`, `|`, `&` and newlines outside quotes, and with
 * every `$(…)`, `` `…` ``, `<(…)`, `>(…)` and `(…)` body returned as segments of their own (the outer command keeps
 * a `$(…)` placeholder). Substitutions inside double quotes are found too, since the shell runs them there.
 * Redirections like `2>&1` and `&>` are not separators.
 */
export function splitShellSegments(command: string): string[] {
  const segments: string[] = [];
  const stack: Frame[] = [{ kind: 'top', text: '', inDoubleQuotes: false }];
  const flush = (frame: Frame): void => {
    const text = frame.text.trim();
    if (text) segments.push(text);
    frame.text = '';
  };
  const open = (kind: FrameKind, placeholder: string): void => {
    stack[stack.length - 1]!.text += placeholder;
    stack.push({ kind, text: '', inDoubleQuotes: false });
  };
  const close = (): void => {
    flush(stack.pop()!);
  };

  for (let i = 0; i < command.length; i++) {
    const frame = stack[stack.length - 1]!;
    const c = command[i]!;
    const next = command[i + 1];
    if (c === '\\') {
      frame.text += c + (next ?? '');
      i++;
      continue;
    }
    if (frame.inDoubleQuotes) {
      if (c === '"') frame.inDoubleQuotes = false;
      if (c === '$' && next === '(') {
        open('subst', '$(…)');
        i++;
      } else if (c === '`') {
        open('backtick', '`…`');
      } else {
        frame.text += c;
      }
      continue;
    }
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end === -1 ? command.length - 1 : end;
      frame.text += command.slice(i, stop + 1);
      i = stop;
      continue;
    }
    if (c === '"') {
      frame.inDoubleQuotes = true;
      frame.text += c;
      continue;
    }
    if ((c === '$' || c === '<' || c === '>') && next === '(') {
      open('subst', `${c}(…)`);
      i++;
      continue;
    }
    if (c === '`') {
      if (frame.kind === 'backtick') close();
      else open('backtick', '`…`');
      continue;
    }
    if (c === '(') {
      open('paren', '(…)');
      continue;
    }
    if (c === ')' && (frame.kind === 'subst' || frame.kind === 'paren')) {
      close();
      continue;
    }
    if (c === ';' || c === '\n' || c === '\r') {
      flush(frame);
      continue;
    }
    if (c === '|') {
      if (next === '|' || next === '&') i++;
      flush(frame);
      continue;
    }
    if (c === '&') {
      const prev = command[i - 1];
      if (prev === '>' || prev === '<' || next === '>') {
        frame.text += c; // 2>&1, <&3, &> file: redirections, not separators
        continue;
      }
      if (next === '&') i++;
      flush(frame);
      continue;
    }
    frame.text += c;
  }
  while (stack.length > 0) flush(stack.pop()!);
  return segments;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** Commands that run another command: their prefix includes the next word (`sudo apt`, not `sudo`). */
const WRAPPERS = new Set(['sudo', 'env', 'nohup', 'time', 'nice', 'xargs', 'command', 'exec', 'bash', 'sh', 'zsh', 'npx', 'uv', 'uvx']);

function unquote(word: string): string {
  return word.replace(/^['"]|['"]$/g, '');
}

/** Interpreters whose `-c`/`-e` flag runs inline code: remembering just the interpreter would allow any code. */
const INLINE_CODE = new Set(['python', 'python3', 'node', 'perl', 'ruby', 'deno', 'bun', 'php', 'osascript', 'pwsh', 'powershell']);

/**
 * The words that identify what a segment runs: the first word (two for wrappers like `sudo apt`), env
 * assignments skipped. When that would cover arbitrary code — a wrapper followed by a flag (`bash -c …`,
 * `sudo -u x …`) or an interpreter's inline code (`python -c …`) — the whole segment is the prefix, so an
 * "always allow" covers exactly that command and nothing broader.
 */
export function segmentPrefix(segment: string): string {
  const words = segment.split(/\s+/).filter(Boolean);
  while (words.length > 1 && ASSIGNMENT.test(words[0]!)) words.shift();
  const first = unquote(words[0] ?? '');
  const second = words[1];
  if (WRAPPERS.has(first) && second !== undefined) {
    return second.startsWith('-') ? words.join(' ') : `${first} ${unquote(second)}`;
  }
  if (INLINE_CODE.has(first) && second !== undefined && /^-(c|e|-eval|-command)$/i.test(second)) return words.join(' ');
  return first;
}

/** The distinct prefixes of all segments of a command, in order of appearance. */
export function commandPrefixes(command: string): string[] {
  return [...new Set(splitShellSegments(command).map(segmentPrefix).filter(Boolean))];
}

/** True when every segment of the command starts with one of the allowed prefixes (whole words). */
export function isCoveredByPrefixes(command: string, prefixes: readonly string[]): boolean {
  const segments = splitShellSegments(command);
  if (segments.length === 0 || prefixes.length === 0) return false;
  return segments.every((segment) => prefixes.includes(segmentPrefix(segment)));
}
