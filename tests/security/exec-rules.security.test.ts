// Attacks on exec approval rules through the real agent loop: the scripted model calls exec with a command that
// rides on an "always allow" rule (git, python3, node) or on tools.exec.allowPatterns, with nobody at a terminal.
// Each must run nothing: no file appears, the model is told why no rule covers it, the tool event is a refusal.
import { existsSync, mkdirSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import { listToolEvents } from '../../src-main/core/store/tool-events.repo';

const t = useScriptedCore({ approvalMode: 'auto' });

const MARK = 'pwned';

/** Opens a core in mode ask with "always allow" rules given in the workspace for `programs`. */
function openWithRules(programs: string[], extra: Record<string, any> = {}) {
  const core = t.open({ tools: { approval: { mode: 'ask' }, ...extra } });
  const workspace = realpathSync(core.workspace());
  for (const pattern of programs) core.approvals.addRule({ tool: 'exec', kind: 'prefix', pattern, cwd: workspace });
  return { core, workspace };
}

/** One non-interactive turn in which the model runs `command`; returns what the model got back. */
async function modelRuns(core: ReturnType<typeof t.open>, command: string): Promise<string> {
  t.llm.enqueue({ toolCalls: [{ id: 'attack', name: 'exec', arguments: { command } }] }, { text: 'done' });
  const result = await core.sessions.run({ sessionKey: 'cron:attack', text: 'summarise the repository' });
  expect(result.stopReason).toBe('completed');
  const toolMessage = t.llm.requests.at(-1)!.body.messages.find((m: any) => m.role === 'tool' && m.tool_call_id === 'attack');
  return String(toolMessage?.content ?? '');
}

/** No file named MARK anywhere in the workspace (or beside it). */
function harmless(workspace: string): void {
  expect(existsSync(join(workspace, MARK))).toBe(false);
  expect(existsSync(join(workspace, '..', MARK))).toBe(false);
  expect(readdirSync(workspace).filter((f) => f.includes(MARK))).toEqual([]);
}

const NOT_RUN = "needs the user's approval, but nobody can answer";

describe('rules for git, python3 and node cover none of these', () => {
  it.each<[string, string, string]>([
    // the attacks of issue 12
    ['git', `git log -1 $'\\'' ;touch ${MARK}; echo '#'`, 'ANSI-C quoting'],
    ['git', `git status #'\ntouch ${MARK}\n#'`, 'contains a comment'],
    ['git', `git -c core.fsmonitor='touch ${MARK}' status`, 'The option git -c makes the program run other code'],
    ['git', `git -c alias.x='!touch ${MARK}' x`, 'The option git -c makes the program run other code'],
    ['python3', `python3 -I -c 'import os; os.system("touch ${MARK}")'`, 'runs code given inline or on standard input'],
    ['python3', `python3 <<< 'import os; os.system("touch ${MARK}")'`, 'feeds inline text to a program'],
    ['node', `node -p 'require("fs").writeFileSync("${MARK}", "")'`, 'runs code given inline or on standard input'],
    // more of our own
    ['git', `git status & touch ${MARK}`, 'in the background'],
    ['git', `git status; touch ${MARK}`, 'No rule allows touch in this folder'],
    ['git', `git log $(touch ${MARK})`, 'runs another command inside it'],
    ['git', `git log \`touch ${MARK}\``, 'runs another command inside it'],
    ['git', `git st\\\natus; touch ${MARK}`, 'backslash-newline'],
    ['git', `gіt status; touch ${MARK}`, 'non-ASCII characters'],
    ['git', `git status\u200b; touch ${MARK}`, 'invisible or control characters'],
    ['git', `GIT_SSH_COMMAND='touch ${MARK}' git fetch`, 'changes how programs behave'],
    ['git', `PAGER='touch ${MARK}' git -p log`, 'changes how programs behave'],
    ['git', `git fetch --upload-pack='touch ${MARK}' .`, 'The option git fetch --upload-pack makes the program run other code'],
    ['git', `git -C sub status; touch ${MARK}`, 'The option git -C makes the program run other code'],
    ['git', `command git status; touch ${MARK}`, '"command" runs another program'],
    ['git', `env git status; touch ${MARK}`, '"env" runs another program'],
    ['git', `exec git status; touch ${MARK}`, '"exec" runs another program'],
    ['git', `time git status; touch ${MARK}`, '"time" runs another program'],
    ['git', `builtin eval 'touch ${MARK}'`, '"builtin" runs another program'],
    ['git', `eval 'touch ${MARK}'`, 'runs code from a string or a file'],
    ['git', `git x`, 'not a built-in git command'],
    ['git', `git() { touch ${MARK}; }; git status`, 'shell control structures'],
    ['git', `git status > ${MARK}.txt; touch ${MARK}`, `The command writes to the file ${MARK}.txt`],
    ['git', `git add {${MARK},x}`, 'is expanded by the shell'],
    ['git', `echo 'touch ${MARK}' | sh`, 'runs code given inline or on standard input'],
    ['python3', `echo 'import os; os.system("touch ${MARK}")' | python3`, 'runs code given inline or on standard input'],
    ['python3', `python3 /dev/stdin <<'EOF'\nimport os; os.system("touch ${MARK}")\nEOF`, 'feeds inline text to a program'],
    ['node', `node --eval 'require("fs").writeFileSync("${MARK}", "")'`, 'runs code given inline or on standard input'],
    ['node', `node -e 'require("fs").writeFileSync("${MARK}", "")'`, 'runs code given inline or on standard input'],
  ])('rule %s: %j', async (program, command, why) => {
    const { core, workspace } = openWithRules([program], { restrictToWorkspace: false });
    const told = await modelRuns(core, command);
    expect(told).toContain(NOT_RUN);
    expect(told).toContain(why);
    harmless(workspace);
    const [event] = listToolEvents(core.db, 'cron:attack');
    expect(event).toMatchObject({ name: 'exec' });
    expect(event!.status).not.toBe('ok');
  });

  it('a python3 rule does not even cover a script: only an exact rule does', async () => {
    const { core, workspace } = openWithRules(['python3']);
    expect(await modelRuns(core, 'python3 build.py')).toContain('python3 is an interpreter: only a rule for this exact command covers it');
    harmless(workspace);
  });

  it('a rule covers the command it was given for, in its folder, and runs it (so the refusals above mean something)', async () => {
    const { core, workspace } = openWithRules(['git']);
    const told = await modelRuns(core, 'git --version');
    expect(told).toMatch(/^git version \d/);
    expect(told).toContain('Exit code: 0');
    // the same rule does not reach another folder
    mkdirSync(join(workspace, 'sub'));
    t.llm.enqueue({ toolCalls: [{ id: 'elsewhere', name: 'exec', arguments: { command: 'git --version', working_dir: 'sub' } }] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'cron:attack', text: 'again, in sub' });
    const message = t.llm.requests.at(-1)!.body.messages.find((m: any) => m.tool_call_id === 'elsewhere');
    expect(message.content).toContain('The rule for git was given for another folder.');
  });
});

describe('tools.exec.allowPatterns covers none of these either', () => {
  it.each<[string, string]>([
    [`git log -1 $'\\'' ;touch ${MARK}; echo '#'`, 'ANSI-C quoting'],
    [`git status #'\ntouch ${MARK}\n#'`, 'contains a comment'],
    [`git -c core.fsmonitor='touch ${MARK}' status`, 'git -c'],
    [`git status && touch ${MARK}`, `"touch ${MARK}" matches none of tools.exec.allowPatterns`],
  ])('%j', async (command, why) => {
    // mode auto: the allowlist is the only gate left
    const core = t.open({ tools: { approval: { mode: 'auto' }, restrictToWorkspace: false, exec: { allowPatterns: ['^git\\b'] } } });
    const told = await modelRuns(core, command);
    expect(told).toContain('Error: Command blocked by allowlist filter');
    expect(told).toContain(why);
    harmless(realpathSync(core.workspace()));
  });

  it('lets a plain matching command run', async () => {
    const core = t.open({ tools: { approval: { mode: 'auto' }, exec: { allowPatterns: ['^git --version$'] } } });
    expect(await modelRuns(core, 'git --version')).toContain('Exit code: 0');
  });
});
