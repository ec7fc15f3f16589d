// The client under test driven as a user drives it: `nanotray mcp login conf`, then `nanotray agent -m … --yes` on a
// pseudo-terminal (util-linux `script`) whose user answers every question with y; the browser ($BROWSER) is a
// script that follows the sign-in link. A scripted model calls every tool of the server once. The runner starts
// it as `node <bundle> <server-url>`; NANOTRAY_CLI_BIN names bin/nanotray.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedLlm, type RecordedRequest, type ScriptedStep } from '../helpers/scripted-llm-server';
import { testConfig } from '../helpers/temp-home';
import { oauthConfig, sampleArguments, scenarioContext } from './scenario-config';

const SERVER = 'conf';
/** What `script` runs is a shell command line: every word single-quoted. */
const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
/** The CLI's yes/no questions: "Sign in now? [y/N] ", "Open it in your browser? [y]es / [n]o: ", "Allow? [y]es …: ". */
const QUESTION = /\[y\/N\] |\[y\]es[^\n]*: /;
/** Cursor moves and colours readline writes around a question. */
const ESCAPES = /\x1b\[[0-9;?]*[A-Za-z]/g;
/** A command still running after this long is stopped (a sign-in whose browser never came back waits 5 minutes). */
const COMMAND_LIMIT_MS = 45_000;
const BROWSER_SCRIPT = "const r = await fetch(process.argv[2], { redirect: 'follow' }); await r.text();\n";

interface Run {
  code: number;
  output: string;
}

/** The model: first call every tool of the server (arguments from its schema), then answer. */
function model(request: RecordedRequest): ScriptedStep {
  const messages = request.body.messages as Array<{ role: string }>;
  if (messages.at(-1)?.role === 'tool') return { text: 'done' };
  const tools = ((request.body.tools ?? []) as Array<{ function: { name: string; parameters?: Record<string, unknown> } }>)
    .map((t) => t.function)
    .filter((f) => f.name.startsWith(`mcp_${SERVER}_`));
  if (tools.length === 0) return { text: `no tools of ${SERVER}` };
  return { toolCalls: tools.map((f) => ({ name: f.name, arguments: sampleArguments(f.parameters) })) };
}

/** Runs a command; on a pseudo-terminal every yes/no question is answered with y. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, answerQuestions: boolean): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let unanswered = '';
    const take = (data: Buffer): void => {
      const text = data.toString();
      output += text;
      process.stderr.write(text);
      unanswered += text;
      if (answerQuestions && QUESTION.test(unanswered.replace(ESCAPES, ''))) {
        unanswered = '';
        child.stdin.write('y\r');
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const limit = setTimeout(() => {
      output += `\n(stopped after ${COMMAND_LIMIT_MS / 1000} s)\n`;
      child.kill('SIGTERM');
    }, COMMAND_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(limit);
      done({ code: code ?? 1, output });
    });
  });
}

async function main(): Promise<number> {
  const serverUrl = process.argv[2];
  const bin = process.env.NANOTRAY_CLI_BIN;
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (!serverUrl || !bin) {
    console.error('usage: NANOTRAY_CLI_BIN=bin/nanotray.mjs cli-user-client <server-url>');
    return 2;
  }
  const llm = await startScriptedLlm();
  llm.setFallback(model);
  const home = mkdtempSync(join(tmpdir(), 'nanotray-conformance-cli-'));
  try {
    const oauth = scenario.startsWith('auth/') ? { oauth: oauthConfig(scenario, scenarioContext()) } : {};
    writeFileSync(join(home, 'config.json'), JSON.stringify(testConfig(llm.baseUrl, 'auto', { mcpServers: { [SERVER]: { url: serverUrl, timeout: 20, ...oauth } } })));
    const browser = join(home, 'browser.mjs');
    writeFileSync(browser, BROWSER_SCRIPT);
    const env = { ...process.env, NANOTRAY_HOME: home, HOME: home, BROWSER: `${process.execPath} ${browser}`, NANOTRAY_SKIP_BUILD: '1', NO_COLOR: '1' };
    const login = await run(process.execPath, [bin, 'mcp', 'login', SERVER], env, false);
    const agent = [process.execPath, bin, 'agent', '-m', `Use every tool of ${SERVER}.`, '--yes'].map(quote).join(' ');
    const turn = await run('script', ['-q', '-e', '-c', agent, '/dev/null'], env, true);
    if (login.code !== 0) console.error(`mcp login exited with ${login.code}`);
    if (turn.code !== 0) console.error(`agent -m exited with ${turn.code}`);
    return login.code === 0 && turn.code === 0 ? 0 : 1;
  } finally {
    await llm.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
