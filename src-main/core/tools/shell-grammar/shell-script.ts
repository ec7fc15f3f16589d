// Reads a tree-sitter-bash tree into the simple commands a shell would run, and everything that keeps their
// words from being known before they run (expansions, substitutions, odd quoting, control structures).
import type { BashNode } from './bash-parser';
import { uncovered, type Uncovered } from './uncovered';

/** A redirection (of a simple command or of a group around commands). */
export interface ShellRedirect {
  operator: string;
  /** The literal target (file name or fd number); undefined when it is not literal. */
  target: string | undefined;
}

/** One simple command: its literal words (best effort where not literal), assignments and redirections. */
export interface SimpleCommand {
  /** Program first. A word that is not literal keeps its source text (and an issue says so). */
  argv: string[];
  /** True when every word of argv is literal (fully known before the command runs). */
  resolved: boolean;
  /** `NAME=value` prefixes: names, with the literal value or undefined. */
  assignments: Array<{ name: string; value: string | undefined }>;
  /** The command's source text. */
  text: string;
}

/** Every simple command found anywhere in the script (substitutions included) and every issue, in order. */
export interface ShellScript {
  commands: SimpleCommand[];
  /** Every file redirection in the script, wherever it appears. */
  redirects: ShellRedirect[];
  issues: Uncovered[];
}

const SEPARATORS = new Set([';', '&&', '||', '|', '|&', '\n']);
const COMPOUND = new Set([
  'subshell',
  'compound_statement',
  'if_statement',
  'for_statement',
  'c_style_for_statement',
  'while_statement',
  'case_statement',
  'function_definition',
  'test_command',
]);
const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

/** Backslash escapes outside quotes: `\X` is X. */
function unescapeUnquoted(text: string): string {
  return text.replace(/\\(.)/gs, '$1');
}

/** Inside double quotes only `\$`, `` \` ``, `\"` and `\\` are escapes; other backslashes stay. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\])/g, '$1');
}

/** Characters that make the shell expand an unquoted word (globs, braces, tilde, a stray `$`). */
function unquotedExpansion(raw: string): string | undefined {
  let escaped = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (escaped) {
      escaped = false;
      continue;
    }
    if (c === '\\') escaped = true;
    else if ('*?[]{}$`'.includes(c) || (c === '~' && i === 0)) return c;
  }
  return undefined;
}

type WordValue = { ok: true; value: string } | { ok: false; issue: Uncovered };

const wordIssue = (code: Uncovered['code'], node: BashNode): WordValue => ({ ok: false, issue: uncovered(code, node.text) });

/** The literal value of a word node, or why it has none. */
function wordValue(node: BashNode): WordValue {
  switch (node.type) {
    case 'word': {
      const special = unquotedExpansion(node.text);
      return special ? wordIssue('expansion', node) : { ok: true, value: unescapeUnquoted(node.text) };
    }
    case 'number':
      return /^-?\d+$/.test(node.text) ? { ok: true, value: node.text } : wordIssue('expansion', node);
    case 'raw_string':
      return { ok: true, value: node.text.slice(1, -1) };
    case 'string': {
      for (const child of node.children) {
        if (child.type === '"' || child.type === 'string_content') continue;
        if (child.type === 'command_substitution') return wordIssue('substitution', node);
        return wordIssue('expansion', node);
      }
      return { ok: true, value: unescapeDoubleQuoted(node.text.slice(1, -1)) };
    }
    case 'concatenation': {
      let value = '';
      for (const part of node.children) {
        const v = wordValue(part);
        if (!v.ok) return v;
        value += v.value;
      }
      return { ok: true, value };
    }
    case 'ansi_c_string':
      return wordIssue('ansi_c_quoting', node);
    case 'translated_string':
      return wordIssue('locale_quoting', node);
    case 'command_substitution':
    case 'process_substitution':
      return wordIssue('substitution', node);
    default:
      return wordIssue('expansion', node);
  }
}

class ScriptReader {
  readonly commands: SimpleCommand[] = [];
  readonly redirects: ShellRedirect[] = [];
  readonly issues: Uncovered[] = [];

  issue(code: Uncovered['code'], detail: string): void {
    this.issues.push(uncovered(code, detail));
  }

  /** Walks into any node to find the commands inside it (substitutions, control structures, assignments). */
  descend(node: BashNode): void {
    for (const child of node.namedChildren) this.statement(child);
  }

  statement(node: BashNode): void {
    if (node.isMissing || node.type === 'ERROR') {
      this.issue('parse_error', node.text || node.type);
      return;
    }
    switch (node.type) {
      case 'program':
      case 'list':
      case 'pipeline':
        return this.sequence(node);
      case 'negated_command':
        return this.descend(node);
      case 'redirected_statement':
        return this.redirected(node);
      case 'command':
        return this.command(node);
      case 'comment':
        this.issue('comment', node.text);
        return;
      case 'variable_assignment':
      case 'variable_assignments':
        this.issue('assignment', node.text);
        return this.descend(node);
      case 'declaration_command':
      case 'unset_command':
        this.issue('shell_builtin', node.child(0)?.text ?? node.type);
        return this.descend(node);
      case 'command_substitution':
      case 'process_substitution':
        this.issue('substitution', node.text);
        return this.descend(node);
      default:
        this.issue(COMPOUND.has(node.type) ? 'compound' : 'expansion', node.type.replace(/_/g, ' '));
        return this.descend(node);
    }
  }

  sequence(node: BashNode): void {
    for (const child of node.children) {
      if (child.isNamed) this.statement(child);
      else if (child.type === '&') this.issue('background', '&');
      else if (!SEPARATORS.has(child.type)) this.issue('parse_error', child.type);
    }
  }

  redirected(node: BashNode): void {
    for (const child of node.namedChildren) {
      if (REDIRECTS.has(child.type)) this.redirect(child);
      else this.statement(child);
    }
  }

  redirect(node: BashNode): void {
    if (node.type !== 'file_redirect') {
      this.issue('heredoc', node.type === 'herestring_redirect' ? '<<<' : '<<');
      return this.descend(node);
    }
    let operator = '';
    let target: string | undefined;
    for (const child of node.children) {
      if (child.type === 'file_descriptor') continue;
      if (!child.isNamed) {
        operator = child.type;
        continue;
      }
      const v = wordValue(child);
      if (v.ok) target = v.value;
      else {
        this.issues.push(v.issue);
        this.descend(child);
      }
    }
    this.redirects.push({ operator, target });
  }

  command(node: BashNode): void {
    const argv: string[] = [];
    const assignments: SimpleCommand['assignments'] = [];
    let resolved = true;
    for (const child of node.children) {
      if (!child.isNamed) {
        this.issue(child.type === '$' ? 'locale_quoting' : 'parse_error', child.type);
        resolved = false;
        continue;
      }
      if (child.type === 'variable_assignment') {
        const name = child.childForFieldName('name')?.text ?? child.text;
        const valueNode = child.childForFieldName('value');
        const v = valueNode ? wordValue(valueNode) : ({ ok: true, value: '' } as const);
        if (!v.ok) {
          this.issues.push(v.issue);
          if (valueNode) this.descend(valueNode);
        }
        assignments.push({ name, value: v.ok ? v.value : undefined });
        continue;
      }
      if (REDIRECTS.has(child.type)) {
        this.redirect(child);
        continue;
      }
      const word = child.type === 'command_name' ? child.namedChild(0) : child;
      if (!word) continue;
      const v = wordValue(word);
      if (v.ok) {
        argv.push(v.value);
        continue;
      }
      resolved = false;
      argv.push(word.text);
      this.issues.push(child.type === 'command_name' ? uncovered('dynamic_program', word.text) : v.issue);
      this.descend(word);
    }
    this.commands.push({ argv, resolved, assignments, text: node.text });
  }
}

/** Reads a parsed program (the root node) into its commands and issues. */
export function readShellScript(root: BashNode): ShellScript {
  const reader = new ScriptReader();
  if (root.hasError) reader.issue('parse_error', 'the shell would read it differently or fail');
  reader.statement(root);
  return { commands: reader.commands, redirects: reader.redirects, issues: reader.issues };
}
