#!/usr/bin/env node
// `nanotray` entry: (re)builds the CLI bundle when it is missing or older than the sources, then runs it.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { pathToFileURL } from 'node:url';
import { buildCli, cliBundleIsStale, CLI_BUNDLE } from '../scripts/build-cli.mjs';

// Node ≥ 22.1 keeps V8's compiled code of the bundle on disk: later runs skip most of the compile step.
// Older Node has no such cache (the call is absent there) and compiles the (split, lazily loaded) bundle.
module.enableCompileCache?.();

if (process.env.NANOTRAY_SKIP_BUILD !== '1' && cliBundleIsStale()) {
  try {
    await buildCli();
  } catch (err) {
    const detail = (err instanceof Error ? err.message : String(err)).split('\n').slice(0, 6).join('\n');
    if (!existsSync(CLI_BUNDLE)) {
      process.stderr.write(`nanotray: could not build the CLI:\n${detail}\n`);
      process.exit(1);
    }
    // A read-only install or a broken edit: the previous bundle still works.
    process.stderr.write(`nanotray: could not rebuild the CLI, running the previous build:\n${detail}\n`);
  }
}
await import(pathToFileURL(CLI_BUNDLE).href);
