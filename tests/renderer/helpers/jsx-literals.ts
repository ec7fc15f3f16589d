// Finds user-visible text written straight into JSX (text nodes, text attributes, string literals shown as
// children) instead of coming from the i18n catalogue; used by the catalogue test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';

/** Attributes whose value a person reads (or hears from a screen reader). */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'body',
  'confirmLabel',
  'description',
]);

/** A letter of any script: text without one (`·`, `…`, `×`, `/`) is punctuation, not wording. */
const HAS_LETTER = /\p{L}/u;

export interface JsxLiteral {
  file: string;
  line: number;
  text: string;
}

interface Node {
  type: string;
  loc?: { start: { line: number } };
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** String pieces an expression shows as-is (`'x'`, `` `x ${y}` ``, `a ? 'x' : 'y'`, `a && 'x'`); not call arguments. */
function shownStrings(node: Node): Node[] {
  switch (node.type) {
    case 'StringLiteral':
      return [node];
    case 'TemplateLiteral':
      return (node.quasis as Node[]).map((q) => ({ ...q, type: 'StringLiteral', value: (q.value as { cooked: string }).cooked }));
    case 'ConditionalExpression':
      return [...shownStrings(node.consequent as Node), ...shownStrings(node.alternate as Node)];
    case 'LogicalExpression':
      return [...shownStrings(node.left as Node), ...shownStrings(node.right as Node)];
    default:
      return [];
  }
}

function attributeName(node: Node): string {
  const name = node.name as Node;
  return name.type === 'JSXNamespacedName' ? `${(name.namespace as Node).name}:${(name.name as Node).name}` : String(name.name);
}

/**
 * A code or example token, not wording: one word with URL/host/identifier punctuation (`https://…/v1`,
 * `docs.python.org`, `sk-…`, `model_preset`): the same in every language.
 */
const CODE_TOKEN = /^(?=.*[./:…_-])[\w.:/…-]+$/u;

/** Whether an attribute's literal reads as wording: a text attribute with a letter, or any phrase with a space. */
function isWording(attribute: string, value: string): boolean {
  if (!HAS_LETTER.test(value) || CODE_TOKEN.test(value)) return false;
  if (attribute.startsWith('data-') || attribute === 'className' || attribute === 'style') return false;
  return TEXT_ATTRIBUTES.has(attribute) || /\p{L}\s+\p{L}/u.test(value);
}

/** `<kbd>` names a key (Enter, Esc: printed on the keyboard, not translated); aria-hidden text is decoration. */
function isUnworded(opening: Node): boolean {
  const name = opening.name as Node;
  if (name.type === 'JSXIdentifier' && name.name === 'kbd') return true;
  return (opening.attributes as Node[]).some((a) => {
    if (a.type !== 'JSXAttribute' || attributeName(a) !== 'aria-hidden') return false;
    const value = a.value as Node | null;
    return value?.type === 'StringLiteral' && value.value === 'true';
  });
}

/** The literals in one TSX source. */
export function findJsxLiterals(source: string, file: string): JsxLiteral[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: JsxLiteral[] = [];
  const add = (node: Node, text: string) => found.push({ file, line: node.loc?.start.line ?? 0, text: text.trim() });

  const visit = (node: Node, parent: Node | null): void => {
    if (node.type === 'JSXElement' && isUnworded(node.openingElement as Node)) return;
    if (node.type === 'JSXText') {
      const text = String(node.value);
      if (HAS_LETTER.test(text) && !CODE_TOKEN.test(text.trim())) add(node, text);
    } else if (node.type === 'JSXAttribute' && node.value) {
      const name = attributeName(node);
      const value = node.value as Node;
      const expr = value.type === 'JSXExpressionContainer' ? (value.expression as Node) : value;
      for (const s of shownStrings(expr)) if (isWording(name, String(s.value))) add(s, String(s.value));
    } else if (node.type === 'JSXExpressionContainer' && parent && (parent.type === 'JSXElement' || parent.type === 'JSXFragment')) {
      for (const s of shownStrings(node.expression as Node)) if (HAS_LETTER.test(String(s.value))) add(s, String(s.value));
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end') continue;
      if (Array.isArray(child)) for (const c of child) if (isNode(c)) visit(c, node);
      if (isNode(child)) visit(child, node);
    }
  };
  visit(ast.program as unknown as Node, null);
  return found;
}

/** Every `.tsx` file under `dir`. */
export function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsxFiles(path));
    else if (name.endsWith('.tsx')) out.push(path);
  }
  return out;
}

/** The literals in every TSX file under `dir`, with paths relative to `root`. */
export function findJsxLiteralsIn(dir: string, root: string): JsxLiteral[] {
  return tsxFiles(dir).flatMap((f) => findJsxLiterals(readFileSync(f, 'utf8'), relative(root, f)));
}
