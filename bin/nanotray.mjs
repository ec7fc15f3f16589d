#!/usr/bin/env node
// `nanotray` entry: (re)builds the CLI bundle when it is missing or older than the sources, then runs it.
import { pathToFileURL } from 'node:url';
import { buildCli, cliBundleIsStale, CLI_BUNDLE } from '../scripts/build-cli.mjs';

if (process.env.NANOTRAY_SKIP_BUILD !== '1' && cliBundleIsStale()) {
  try {
    await buildCli();
  } catch (err) {
    process.stderr.write(`nanotray: could not build the CLI: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    process.exit(1);
  }
}
await import(pathToFileURL(CLI_BUNDLE).href);
