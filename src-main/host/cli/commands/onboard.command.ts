// `nanotray onboard`: creates (or completes) the home folder: config.json, the database and the workspace files.
import { join } from 'node:path';
import { onboard } from '../../../core/base/onboard';
import { resolveHomePaths } from '../../../core/config/home-paths';
import { findAppRoot } from '../../../core/lib/app-root';
import { write, type CliCommand } from '../cli-command';

export const onboardCommand: CliCommand = {
  name: 'onboard',
  summary: 'Create the home folder, config.json, database and workspace files (never overwrites yours)',
  usage: 'Usage: nanotray onboard\n\nSets up $NANOTRAY_HOME (default ~/.nanotray). Safe to run again: existing files are kept.',
  async run(_args, io) {
    const paths = resolveHomePaths(io.env);
    const templatesDir = join(findAppRoot(), 'resources', 'workspace');
    const result = onboard(paths, templatesDir, io.env);
    if (!result.ok) {
      write(io.stderr, `nanotray onboard: ${result.error}`);
      return 1;
    }
    const r = result.value;
    const lines = [
      `Home:      ${r.home}`,
      `Config:    ${r.configFile}${r.configCreated ? ' (created)' : ' (kept)'}`,
      ...(r.migratedKeys.length ? [`           renamed legacy keys: ${r.migratedKeys.join(', ')}`] : []),
      `Database:  ${r.dbFile}`,
      `Workspace: ${r.workspace}`,
      r.createdFiles.length ? `           created ${r.createdFiles.join(', ')}` : '           all files already present (kept)',
      '',
      'Next: add a provider to config.json (providers.<name>.apiKey / baseUrl) or set OPENAI_API_KEY, then run `nanotray agent -m "hello"`.',
    ];
    write(io.stdout, lines.join('\n'));
    return 0;
  },
};
