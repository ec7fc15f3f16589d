// esbuild plugin for the CLI bundle: the openai SDK's API resources that Nanotray never calls become empty classes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The resources the core calls (chat completions, the model list) and the shared types module. */
const USED = new Set(['chat', 'models', 'shared']);

/** A resource as client.mjs imports it (`./resources/admin/admin.mjs`) and as resources/index.mjs does (`./admin/admin.mjs`). */
const FROM_CLIENT = /^\.\/resources\/([a-z-]+)(?:\/[a-z-]+)?\.mjs$/;
const FROM_INDEX = /^\.\/([a-z-]+)(?:\/[a-z-]+)?\.mjs$/;

/** The resource's name and the SDK's folder when `path` imported by `importer` is one of the SDK's resources. */
function resourceOf(path, importer) {
  const fromClient = /[\\/]openai[\\/]client\.mjs$/.test(importer) && FROM_CLIENT.exec(path);
  if (fromClient) return { name: fromClient[1], sdk: dirname(importer) };
  const fromIndex = /[\\/]openai[\\/]resources[\\/]index\.mjs$/.test(importer) && FROM_INDEX.exec(path);
  if (fromIndex) return { name: fromIndex[1], sdk: dirname(dirname(importer)) };
  return undefined;
}

/**
 * The SDK's client constructs every API resource it knows (admin, assistants, audio, realtime, responses, vector
 * stores, …: ~550 KB of its ~960 KB), so a bundle compiled them all on every turn (~20–40 ms at load 4–5). Here each
 * resource the core does not use is an empty subclass of the SDK's APIResource with the same name: `client.audio`
 * exists and has no methods. A name the client imports that a stub lacks fails the build, not a run.
 */
export const openaiUnusedResources = {
  name: 'openai-unused-resources',
  setup(build) {
    build.onResolve({ filter: /^\.\/.*\.mjs$/ }, (args) => {
      const resource = resourceOf(args.path, args.importer);
      if (!resource || USED.has(resource.name) || resource.name === 'index') return undefined;
      return { path: join(dirname(args.importer), args.path), namespace: 'openai-unused', pluginData: resource };
    });
    build.onLoad({ filter: /.*/, namespace: 'openai-unused' }, (args) => {
      const classes = [...readFileSync(args.path, 'utf8').matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
      const base = join(args.pluginData.sdk, 'core', 'resource.mjs');
      return {
        contents: [`import { APIResource } from ${JSON.stringify(base)};`, ...classes.map((c) => `export class ${c} extends APIResource {}`)].join('\n'),
        resolveDir: dirname(args.path),
      };
    });
  },
};
