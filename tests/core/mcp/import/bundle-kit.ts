// .mcpb bundles made in the test: a real-shaped manifest (node server, user_config with a sensitive key, a default
// and a number) around the stdio fixture server bundled into one file, zipped on the fly.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureOutsideTmp } from '../../../helpers/fixture-outside-tmp';
import { makeZip, type ZipEntryInput } from '../../../helpers/zip-writer';
import { STDIO_FIXTURE } from '../mcp-test-kit';

/** The manifest of the fixture bundle; `patch` changes its top-level fields. */
export function fixtureManifest(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'fixture-notes',
    display_name: 'Fixture Notes',
    version: '1.2.0',
    description: 'Notes for tests',
    author: { name: 'Nanotray tests' },
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: {
        command: 'node',
        args: ['${__dirname}/server/index.mjs', '${user_config.label}'],
        env: { FIXTURE_VAR: '${user_config.api_key}', PAGE_SIZE: '${user_config.page_size}' },
      },
    },
    user_config: {
      api_key: { type: 'string', title: 'API key', description: 'Key for the notes service', sensitive: true, required: true },
      label: { type: 'string', title: 'Label', description: '', default: 'bundled' },
      page_size: { type: 'number', title: 'Page size', description: '', default: 5, min: 1, max: 50 },
    },
    ...patch,
  };
}

/** The bundle's bytes: its manifest, the server and `extra` entries. */
export async function fixtureBundleBytes(manifest: Record<string, unknown> = fixtureManifest(), extra: ZipEntryInput[] = []): Promise<Buffer> {
  const server = readFileSync(await fixtureOutsideTmp(STDIO_FIXTURE));
  return makeZip([
    { name: 'manifest.json', data: JSON.stringify(manifest, null, 2) },
    { name: 'server/', mode: 0o040755 },
    { name: 'server/index.mjs', data: server },
    ...extra,
  ]);
}

/** The bundle written as `<dir>/fixture-notes.mcpb`. */
export async function fixtureBundle(dir: string, manifest?: Record<string, unknown>): Promise<string> {
  const file = join(dir, 'fixture-notes.mcpb');
  writeFileSync(file, await fixtureBundleBytes(manifest));
  return file;
}
