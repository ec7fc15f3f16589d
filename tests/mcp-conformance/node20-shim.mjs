// Lets @modelcontextprotocol/conformance 0.1.16 start on Node 20: its CLI imports fs.globSync (Node >= 22), which
// only its `tier-check` command uses. This module hook gives that one import a stub; the client scenarios never call it.
import { register } from 'node:module';

if (typeof (await import('node:fs')).globSync !== 'function') {
  const hooks = `
    export async function resolve(specifier, context, next) {
      if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/')) {
        return { url: 'nanotray-fs-shim:fs', shortCircuit: true };
      }
      return next(specifier, context);
    }
    export async function load(url, context, next) {
      if (url !== 'nanotray-fs-shim:fs') return next(url, context);
      const source = "import fs from 'node:fs'; export * from 'node:fs'; export default fs;" +
        "export function globSync() { throw new Error('globSync needs Node 22 (conformance tier-check only)'); }";
      return { format: 'module', source, shortCircuit: true };
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
