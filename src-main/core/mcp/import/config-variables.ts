// The `${…}` variables Cursor and VS Code fill in when they start a server (`${env:X}`, `${input:id}`,
// `${workspaceFolder}`, `${userHome}`, `${pathSeparator}`): filled in once at import, or named as a value to ask for.
import type { ImportNeededValue } from '../../../../src-preload/contract/mcp-import-schemas';
import { isSecretName } from '../../lib/secret-names';

/** A VS Code `inputs` entry (`promptString`; `pickString` has options, asked as text here). */
export interface PromptedInput {
  id: string;
  description?: string;
  password?: boolean;
  default?: string;
}

export interface VariableScope {
  home: string;
  env: NodeJS.ProcessEnv;
  /** Absent for a user file: `${workspaceFolder}` is then asked for. */
  workspaceFolder?: string;
  separator: string;
  inputs: readonly PromptedInput[];
  /** Answers given so far, by value id (`input:token`, `env:API_KEY`, `workspaceFolder`). */
  answers: Readonly<Record<string, string>>;
}

const VARIABLE = /\$\{([^}]+)\}/g;

function basename(path: string): string {
  return path.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? path;
}

/** What a variable stands for here, or undefined when it must be asked. */
function known(name: string, scope: VariableScope): string | undefined {
  if (name in scope.answers) return scope.answers[name];
  if (name === 'userHome') return scope.home;
  if (name === 'pathSeparator' || name === '/') return scope.separator;
  if (name === 'workspaceFolder') return scope.workspaceFolder;
  if (name === 'workspaceFolderBasename') return scope.workspaceFolder ? basename(scope.workspaceFolder) : undefined;
  if (name.startsWith('env:')) return scope.env[name.slice(4)];
  if (name.startsWith('input:')) return scope.inputs.find((i) => i.id === name.slice(6))?.default;
  return undefined;
}

/** How the value is asked for. */
function needed(name: string, scope: VariableScope): ImportNeededValue {
  if (name.startsWith('input:')) {
    const input = scope.inputs.find((i) => i.id === name.slice(6));
    return { id: name, description: input?.description?.trim() || name.slice(6), password: input?.password ?? isSecretName(name) };
  }
  if (name.startsWith('env:')) return { id: name, description: `environment variable ${name.slice(4)} (not set here)`, password: isSecretName(name) };
  return { id: name, description: `\${${name}}`, password: isSecretName(name) };
}

/** Fills in `text`; the variables left are returned as values to ask for (and stay in the text as written). */
export function fillVariables(text: string, scope: VariableScope, missing: Map<string, ImportNeededValue>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = known(name, scope);
    if (value !== undefined) return value;
    if (!missing.has(name)) missing.set(name, needed(name, scope));
    return whole;
  });
}
