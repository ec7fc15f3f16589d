// Attacks on "always allow" rules through the options programs read (issue 25, items 3 and 7), through the real
// agent loop: mode ask, a stored rule for the program in the workspace, nobody at a terminal. Each command would
// run other code (every one is checked to work by hand: abbreviations as git, nopt and getopt_long read them); none
// may run: no marker appears and the model is told the command needs the user's approval.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExecSandbox } from '../../src-main/core/tools/os-sandbox/exec-sandbox';
import { recordedToolResult } from '../helpers/recorded-tool-result';
import { useScriptedCore } from '../helpers/scripted-core';

// under /var/tmp: the sandbox's private /tmp would hide a workspace under /tmp
const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });

const MARK = 'pwned';
const NOT_RUN = "needs the user's approval, but nobody can answer";
const RUNS_CODE = 'makes the program run other code';

/** The workspace every attack finds: a git repository, a package, an evil script, an archive, a big file. */
function prepare(ws: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ws });
  git('init', '-q');
  git('config', 'user.name', 'test');
  git('config', 'user.email', 'test@example.org');
  writeFileSync(join(ws, 'notes.txt'), 'foo\n');
  git('add', 'notes.txt');
  mkdirSync(join(ws, 'hooks'));
  writeFileSync(join(ws, 'hooks', 'pre-commit'), `#!/bin/sh\ntouch ${MARK}\n`);
  chmodSync(join(ws, 'hooks', 'pre-commit'), 0o755);
  writeFileSync(join(ws, 'evil.sh'), `#!/bin/sh\ntouch ${MARK}\ncat\n`);
  chmodSync(join(ws, 'evil.sh'), 0o755);
  writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: 'node -e 0' } }));
  writeFileSync(join(ws, 'evil.cjs'), `require('fs').writeFileSync(${JSON.stringify(join(ws, MARK))}, '')`);
  mkdirSync(join(ws, 'sub'));
  writeFileSync(join(ws, 'sub', 'package.json'), JSON.stringify({ name: 's', version: '1.0.0', scripts: { test: `touch ../${MARK}` } }));
  writeFileSync(join(ws, 'evil.mk'), `all:\n\ttouch ${MARK}\n`);
  writeFileSync(join(ws, 'Makefile'), 'all:\n\t@echo built\n');
  writeFileSync(join(ws, 'big.txt'), Array.from({ length: 20_000 }, (_, i) => String(i)).join('\n'));
  execFileSync('tar', ['-cf', 'a.tar', 'notes.txt'], { cwd: ws });
}

/** A core in mode ask with an "always allow" rule for `program` given in the workspace. */
function openWithRule(program: string, exec: Record<string, unknown> = {}, deps: Record<string, unknown> = {}) {
  const core = t.open({ tools: { approval: { mode: 'ask' }, restrictToWorkspace: false, exec } }, { tools: { exec: deps } });
  const ws = realpathSync(core.workspace());
  prepare(ws);
  core.approvals.addRule({ tool: 'exec', kind: 'prefix', pattern: program, cwd: ws });
  return { core, ws };
}

let calls = 0;
/** One non-interactive turn in which the model runs `command`; returns what the model got back. */
async function modelRuns(core: ReturnType<typeof t.open>, command: string): Promise<string> {
  const id = `attack_${++calls}`;
  t.llm.enqueue({ toolCalls: [{ id, name: 'exec', arguments: { command } }] }, { text: 'done' });
  const result = await core.sessions.run({ sessionKey: 'cron:attack', text: 'run the checks' });
  expect(result.stopReason).toBe('completed');
  return recordedToolResult(t.llm.requests, id);
}

function harmless(ws: string): void {
  expect(existsSync(join(ws, MARK))).toBe(false);
  expect(readdirSync(ws).filter((f) => f.includes(MARK))).toEqual([]);
}

describe('a rule for the program covers none of its code-running options, in any spelling it reads', () => {
  it.each<[string, string, string]>([
    // git's parse-options takes any unambiguous prefix: --open-files is --open-files-in-pager
    ['git', `git grep --open-files='touch ${MARK};:' -e foo`, 'git grep --open-files (--open-files-in-pager)'],
    ['git', `git grep --open='touch ${MARK};:' -e foo`, 'git grep --open (--open-files-in-pager)'],
    ['git', `git grep -O'touch ${MARK};:' -e foo`, RUNS_CODE],
    ['git', `git grep -nO'touch ${MARK};:' -e foo`, RUNS_CODE],
    ['git', `git -c alias.x='!touch ${MARK}' x`, 'The option git -c makes'],
    ['git', 'git -c core.hooksPath=hooks commit --allow-empty -m x', 'The option git -c makes'],
    ['git', `git -c core.pager='touch ${MARK}' -p log`, 'The option git -c makes'],
    ['git', 'git --config-env=core.hooksPath=HOOKS commit --allow-empty -m x', 'The option git --config-env makes'],
    // nopt: any known config key, abbreviated, in any argument position
    ['npm', 'npm test --node-o=--require=./evil.cjs', 'npm --node-o=--require=./evil.cjs (--node-options)'],
    ['npm', 'npm test --node-options=--require=./evil.cjs', RUNS_CODE],
    ['npm', 'npm test --script-sh=./evil.sh', '(--script-shell)'],
    ['npm', 'npm test --prefix sub', 'npm --prefix'],
    ['npm', 'npm test --pre=sub', '(--prefix)'],
    ['npm', 'npm test -C sub', 'npm -C'],
    // pip: where packages come from is a choice of code to run
    ['pip', 'pip install --index-url http://127.0.0.1:9/simple left-pad', RUNS_CODE],
    ['pip', 'pip install -i http://127.0.0.1:9/simple left-pad', RUNS_CODE],
    ['pip', 'pip install --index http://127.0.0.1:9/simple left-pad', '(--index-url)'],
    // GNU make: getopt_long abbreviations, and variables that replace what the Makefile runs
    ['make', 'make -f evil.mk', RUNS_CODE],
    ['make', 'make --fi=evil.mk', '(--file)'],
    ['make', `make --ev='$(shell touch ${MARK})'`, '(--eval)'],
    ['make', 'make SHELL=./evil.sh', 'make SHELL=./evil.sh'],
    ['rsync', `rsync -e 'sh -c "touch ${MARK}"' notes.txt host:x`, RUNS_CODE],
    ['rsync', `rsync --rs='touch ${MARK}' notes.txt copy.txt`, '(--rsh)'],
    ['ssh', `ssh -o ProxyCommand='touch ${MARK}' example.org`, RUNS_CODE],
    ['tar', `tar --to-c='touch ${MARK}' -xf a.tar`, '(--to-command)'],
    ['tar', `tar --to-command='touch ${MARK}' -xf a.tar`, RUNS_CODE],
    ['find', `find . -name notes.txt -exec touch ${MARK} ';'`, 'find -exec'],
    ['sort', 'sort -S 64K --compress-p=./evil.sh big.txt', '(--compress-program)'],
    ['sort', 'sort -S 64K --compress-program=./evil.sh big.txt', RUNS_CODE],
    ['rg', 'rg --pre ./evil.sh foo', 'rg --pre'],
    ['rg', 'rg --pre=./evil.sh foo', 'rg --pre'],
    ['cargo', 'cargo build --config build.rustc-wrapper=./evil.sh', 'cargo --config'],
    ['go', 'go test -exec ./evil.sh ./...', 'The option go -exec makes'],
  ])('rule %s: %s', async (program, command, why) => {
    const { core, ws } = openWithRule(program);
    const told = await modelRuns(core, command);
    expect(told).toContain(NOT_RUN);
    expect(told).toContain(why);
    harmless(ws);
  });

  it('the same rules still run what they cover (so the refusals above mean something)', async () => {
    const { core } = openWithRule('git');
    core.approvals.addRule({ tool: 'exec', kind: 'prefix', pattern: 'rg', cwd: realpathSync(core.workspace()) });
    const grep = await modelRuns(core, 'git grep -n -e foo');
    expect(grep).toContain('notes.txt:1:foo');
    expect(grep).toContain('Exit code: 0');
    expect(await modelRuns(core, 'rg -n foo notes.txt')).toContain('1:foo');
  });

  it('an option the rule does not know asks, and says so', async () => {
    const { core, ws } = openWithRule('git');
    const told = await modelRuns(core, 'git log --frobnicate');
    expect(told).toContain(NOT_RUN);
    expect(told).toContain('The option git log --frobnicate is not one a rule for this program covers');
    harmless(ws);
  });
});

describe('without the OS sandbox no rule covers a command', () => {
  const missing = () => createExecSandbox(async () => ({ ok: false, reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed' }));

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['turned off', { sandbox: 'off' }, {}, 'No OS sandbox here (tools.exec.sandbox is "off"): every command is asked'],
    ['unavailable', {}, { sandbox: missing() }, 'No OS sandbox here (bubblewrap (bwrap) is not installed): every command is asked'],
  ])('sandbox %s: a command the rule names is asked, and refused with nobody to answer', async (_name, exec, deps, why) => {
    const { core, ws } = openWithRule('touch', exec, deps);
    const told = await modelRuns(core, `touch ${MARK}`);
    expect(told).toContain(NOT_RUN);
    expect(told).toContain(why);
    harmless(ws);
  });
});
