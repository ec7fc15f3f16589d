// `nanotray mcp install <file.mcpb>`: a Claude Desktop extension from its file — checked, shown (what it runs, what it
// asks), its user settings asked on the terminal (sensitive ones without echo, kept as secrets), then unpacked into
// Nanotray's home and added untrusted, in the OS sandbox where it works.
import { readFileSync, statSync } from 'node:fs';
import type { BundlePreview, BundleSetting } from '../../../../src-preload/contract/mcp-import-schemas';
import type { Core } from '../../../core/nanotray-core';
import { BUNDLE_LIMITS } from '../../../core/mcp/import/mcpb/bundle-limits';
import { errorMessage } from '../../../core/lib/result';
import { flagString, write, type CliIo, type ParsedArgs } from '../cli-command';
import { openCliAsk, shownWord, type CliAsk } from './mcp-import';

export function formatBundlePreview(p: BundlePreview): string {
  const lines = [
    `${p.displayName} ${p.version}${p.author ? ` by ${p.author}` : ''} (${p.serverType} server)`,
    ...(p.description ? [`  ${p.description}`] : []),
    `  runs: ${[p.command, ...p.args].map(shownWord).join(' ')}  (\${__dirname} is its folder)`,
    `  would be added as '${p.suggestedName}', untrusted, ${p.sandbox ? 'in the OS sandbox' : 'NOT sandboxed (no sandbox works here)'}`,
  ];
  if (p.settings.length) lines.push(`  settings: ${p.settings.map((s) => `${s.title}${s.required ? ' (required)' : ''}`).join(', ')}`);
  return lines.join('\n');
}

/** Asks one setting; Enter keeps the default. A multiple one is asked value by value until an empty line. */
async function askSetting(s: BundleSetting, ask: CliAsk): Promise<string | null> {
  const hint = [s.type !== 'string' ? s.type : '', s.default !== undefined ? `default ${s.default.replaceAll('\n', ', ')}` : '', s.sensitive ? 'not shown' : ''].filter(Boolean).join('; ');
  const question = `  ${s.title}${s.description ? ` — ${s.description}` : ''}${hint ? ` [${hint}]` : ''}: `;
  if (!s.multiple) return ask(question, s.sensitive);
  const values: string[] = [];
  for (;;) {
    const v = await ask(values.length ? '    another (Enter to finish): ' : question, s.sensitive);
    if (v === null) return null;
    if (!v.trim()) return values.join('\n');
    values.push(v.trim());
  }
}

export async function runMcpInstall(core: Core, io: CliIo, file: string, parsed: ParsedArgs): Promise<number> {
  let bytes: Buffer;
  try {
    if (statSync(file).size > BUNDLE_LIMITS.fileBytes) {
      write(io.stderr, `nanotray mcp install: ${file} is larger than ${BUNDLE_LIMITS.fileBytes / 1024 / 1024} MB`);
      return 1;
    }
    bytes = readFileSync(file);
  } catch (err) {
    write(io.stderr, `nanotray mcp install: cannot read ${file}: ${errorMessage(err)}`);
    return 1;
  }
  const preview = await core.mcpImport.readBundle(bytes);
  if (!preview.ok) {
    write(io.stderr, `nanotray mcp install: ${preview.error.message}`);
    return 1;
  }
  write(io.stdout, formatBundlePreview(preview.value));
  const values: Record<string, string> = {};
  if (io.isTty && preview.value.settings.length) {
    const asker = openCliAsk(io);
    try {
      for (const s of preview.value.settings) {
        const answer = await askSetting(s, asker.ask);
        if (answer === null) {
          write(io.stderr, 'Not installed.');
          return 1;
        }
        if (answer.trim()) values[s.key] = answer;
      }
    } finally {
      asker.close();
    }
  }
  const name = flagString(parsed, 'name');
  const installed = await core.mcpImport.installBundle(preview.value.token, { ...(name ? { name } : {}), values });
  if (!installed.ok) {
    write(io.stderr, `nanotray mcp install: ${installed.error.message}`);
    return 1;
  }
  const r = installed.value;
  write(io.stdout, `Installed '${r.name}' in ${r.folder} (untrusted${r.sandboxed ? ', sandboxed' : ''}): ${r.message}.`);
  return 0;
}
