// The real CLI, its key only in its environment (OPENAI_API_KEY): exec reads the CLI's own environ through
// /proc/$PPID/environ; the key reaches neither the next model request nor the CLI's output.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm-server';
import { makeTempHome, type TempHome } from '../helpers/temp-home';
import { leakedForm } from './helpers/leak-watch';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');
const KEY = 'sk-env-only-Rr4Ss5Tt6Uu7Vv8Ww9';

let llm: ScriptedLlm;
let home: TempHome;
beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(() => llm.close());
afterEach(() => home?.cleanup());

describe('a key that lives only in the environment', () => {
  it('exec of /proc/$PPID/environ (the CLI itself) hands the model no key', async () => {
    // No providers: OPENAI_API_KEY / OPENAI_BASE_URL make one. The fence is off so the command's text checks
    // do not stop the read; whatever the exec sandbox hides, the result must come back without the key.
    home = makeTempHome({ agent: { model: 'fake-model', providerRetryMode: 'none' }, tools: { restrictToWorkspace: false }, heartbeat: { enable: false } });
    llm.enqueue(
      { toolCalls: [{ name: 'exec', arguments: { command: 'tr "\\0" "\\n" < /proc/$PPID/environ; echo; env' } }] },
      { text: 'done' },
    );
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((r) => {
      const child = spawn(process.execPath, [BIN, 'agent', '-m', 'dump it', '--yes'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: home.home, NANOTRAY_HOME: home.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: llm.baseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (c) => r({ code: c, stdout: out, stderr: err }));
    });
    expect(code).toBe(0);
    expect(llm.requests).toHaveLength(2);
    const toolMessage = (llm.requests[1]!.body as { messages: Array<{ role: string; content: string }> }).messages.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(toolMessage.content).toContain('Exit code:');
    for (const text of [JSON.stringify(llm.requests.map((q) => q.body)), stdout, stderr]) expect(leakedForm(text, KEY)).toBeUndefined();
  });
});
