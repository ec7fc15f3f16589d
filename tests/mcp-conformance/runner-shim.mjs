// Preloaded into the @modelcontextprotocol/conformance runner (node --import) so its CLI starts on Node 20.
import { register } from 'node:module';

// conformance 0.1.16 imports fs.globSync (Node >= 22), which only its `tier-check` command uses: on Node 20 that
// one import gets a stub that throws. The client scenarios never call it.
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
