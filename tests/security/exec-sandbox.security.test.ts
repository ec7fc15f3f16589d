// Attacks on the machine through exec, through the real agent loop, with the OS sandbox (bubblewrap) in its default
// mode: the scripted model runs commands that the approval gate lets through (mode auto, or a rule), and the
// sandbox must keep Nanotray's files, the user's keys, the parent process and the network out of reach.
// Homes live under /var/tmp (visible, read-only in the sandbox): under /tmp the sandbox's private tmpfs would hide
// them whether or not they are on the hide list.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import { createExecSandbox } from '../../src-main/core/tools/os-sandbox/exec-sandbox';
import { useScriptedCore } from '../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });

const FAKE_KEY = '-----BEGIN OPENSSH PRIVATE KEY----- fake-key-material-4242';
let fakeHome: string;
let server: Server;
let port: number;
let serverHits = 0;

beforeAll(async () => {
  fakeHome = realpathSync(mkdtempSync('/var/tmp/nanotray-fake-home-'));
  mkdirSync(join(fakeHome, '.ssh'), { mode: 0o755 });
  writeFileSync(join(fakeHome, '.ssh', 'id_rsa'), FAKE_KEY, { mode: 0o644 });
  mkdirSync(join(fakeHome, '.aws'));
  writeFileSync(join(fakeHome, '.aws', 'credentials'), 'aws_secret_access_key = fake-aws-4242');
  writeFileSync(join(fakeHome, '.netrc'), 'machine example.org login me password fake-netrc-4242');
  server = createServer((_req, res) => {
    serverHits++;
    res.end('reached-the-host');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  rmSync(fakeHome, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});

const childEnv = () => ({ HOME: fakeHome, PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' });

/** A core that lets every command through the gate (mode auto, no workspace fence): the sandbox is what is left. */
function openOpen(exec: Record<string, unknown> = {}, deps: Record<string, unknown> = {}) {
  return t.open(
    { tools: { approval: { mode: 'auto' }, restrictToWorkspace: false, exec } },
    { tools: { exec: { parentEnv: childEnv(), ...deps } } },
  );
}

let calls = 0;
/** One turn in which the model runs `command`; returns what the model got back. */
async function modelRuns(core: ReturnType<typeof t.open>, command: string, sessionKey = 'cron:sandbox'): Promise<string> {
  const id = `call_${++calls}`;
  t.llm.enqueue({ toolCalls: [{ id, name: 'exec', arguments: { command } }] }, { text: 'done' });
  const result = await core.sessions.run({ sessionKey, text: 'tidy up the repository' });
  expect(result.stopReason).toBe('completed');
  const message = t.llm.requests.at(-1)!.body.messages.find((m: any) => m.role === 'tool' && m.tool_call_id === id);
  return String(message?.content ?? '');
}

describe('inside the sandbox', () => {
  it('Nanotray\'s config next to the workspace reads as nothing', async () => {
    const core = openOpen();
    const config = readFileSync(join(t.home.home, 'config.json'));
    const told = await modelRuns(core, 'cat $(dirname $PWD)/config.json | base64');
    expect(told).not.toContain(config.subarray(0, 24).toString('base64').slice(0, 24));
    expect(told).not.toContain('sk-test-secret-key-123456');
    expect(await modelRuns(core, 'cat ../nanotray.db | wc -c')).toMatch(/^0\n/);
  });

  it('/proc shows only the sandbox: neither Nanotray\'s environment nor its process', async () => {
    const core = openOpen();
    // names in this process's own start-up environment that a child never gets
    const ours = readFileSync('/proc/self/environ', 'utf8')
      .split('\0')
      .map((kv) => kv.split('=')[0]!)
      .filter((k) => k && !['HOME', 'PATH', 'LANG', 'TERM'].includes(k));
    expect(ours.length).toBeGreaterThan(0);
    const environ = await modelRuns(core, 'cat /proc/$PPID/environ | tr "\\0" "\\n"; echo; cat /proc/1/environ | tr "\\0" "\\n"');
    for (const name of ours) expect(environ).not.toContain(`${name}=`);
    const theirs = await modelRuns(core, `echo "processes=$(ls /proc | grep -c '^[0-9]')"; cat /proc/${process.pid}/environ`);
    expect(theirs).toContain('No such file or directory');
    // the shell, ls, grep and the sandbox's init: nothing of the machine's hundreds
    expect(Number(/processes=(\d+)/.exec(theirs)?.[1])).toBeLessThan(10);
  });

  it('the user\'s keys are hidden (fake HOME with ~/.ssh, ~/.aws, ~/.netrc)', async () => {
    const core = openOpen();
    const told = await modelRuns(core, 'cat ~/.ssh/id_rsa ~/.aws/credentials ~/.netrc; ls -A ~/.ssh');
    expect(told).not.toContain('fake-key-material-4242');
    expect(told).not.toContain('fake-aws-4242');
    expect(told).not.toContain('fake-netrc-4242');
    // the same command without the sandbox reads them: the files are really there
    const unsandboxed = openOpen({ sandbox: 'off' });
    expect(await modelRuns(unsandboxed, 'cat ~/.ssh/id_rsa')).toContain('fake-key-material-4242');
  });

  it('writes land only in the workspace', async () => {
    const core = openOpen();
    const outside = join(t.home.home, 'outside.txt');
    const told = await modelRuns(core, `echo pwned > ${outside}; touch $HOME/pwned; touch /etc/pwned-nanotray; echo ok > inside.txt; cat inside.txt`);
    expect(told).toContain('ok\n');
    expect(existsSync(join(core.workspace(), 'inside.txt'))).toBe(true);
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(join(fakeHome, 'pwned'))).toBe(false);
    expect(existsSync('/etc/pwned-nanotray')).toBe(false);
    expect(told).toContain('Read-only file system');
  });

  it('cannot make the root writable again (no capabilities inside, not even as root)', async () => {
    const core = openOpen();
    const told = await modelRuns(core, 'mount -o remount,rw / && echo remounted; touch /etc/pwned-nanotray-remount; grep CapEff /proc/self/status');
    expect(told).not.toContain('remounted');
    expect(told).toContain('CapEff:\t0000000000000000');
    expect(existsSync('/etc/pwned-nanotray-remount')).toBe(false);
  });

  it('cannot signal Nanotray (its pid does not exist in there)', async () => {
    const core = openOpen();
    const told = await modelRuns(core, `kill -9 ${process.pid}; kill -9 ${process.ppid}; echo survived`);
    expect(told).toContain('No such process');
    expect(told).toContain('survived');
  });

  it('with tools.exec.network false (now "off"), curl and node fetch reach nothing (and in mode auto, they do)', async () => {
    const url = `http://127.0.0.1:${port}/`;
    const online = openOpen();
    expect(await modelRuns(online, `curl -s ${url}`)).toContain('reached-the-host');
    const hitsBefore = serverHits;
    const offline = openOpen({ network: false });
    const curl = await modelRuns(offline, `curl -s -m 5 ${url}; echo "curl exit $?"`);
    expect(curl).not.toContain('reached-the-host');
    expect(curl).toMatch(/curl exit [1-9]/);
    const node = await modelRuns(offline, `node -e "fetch('${url}').then(r => r.text()).then(console.log, e => console.log('fetch failed', e.cause?.code))"`);
    expect(node).toContain('fetch failed');
    expect(node).not.toContain('reached-the-host');
    expect(serverHits).toBe(hitsBefore);
  });

  it('a timeout ends every process of the command, background ones and a new session (setsid) too', async () => {
    const core = openOpen({ timeout: 1 });
    const told = await modelRuns(core, 'setsid sleep 313 & sleep 314; wait');
    expect(told).toBe('Error: Command timed out after 1 seconds');
    const deadline = Date.now() + 5_000;
    let left = '';
    do {
      left = spawnSync('pgrep', ['-f', '^sleep 31[34]$'], { encoding: 'utf8' }).stdout.trim();
      if (!left) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(left).toBe('');
  });
});

describe('where the sandbox is missing', () => {
  const missing = () => createExecSandbox(async () => ({ ok: false, reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed' }));

  it('auto runs unsandboxed and the approval card says so', async () => {
    const core = t.open(
      { tools: { approval: { mode: 'ask' }, restrictToWorkspace: false } },
      { tools: { exec: { parentEnv: childEnv(), sandbox: missing() } } },
    );
    const events: CoreEvent[] = [];
    core.events.on((e) => {
      events.push(e);
      if (e.type === 'approval.requested') core.approvals.resolve(e.id, 'allow_once');
    });
    t.llm.enqueue({ toolCalls: [{ id: 'u1', name: 'exec', arguments: { command: 'cat ~/.ssh/id_rsa' } }] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'desktop:s', text: 'go', interactive: true });
    const request = events.find((e) => e.type === 'approval.requested');
    expect(request).toMatchObject({
      sandbox: { status: 'unavailable', reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed', enforced: false },
    });
    const told = t.llm.requests.at(-1)!.body.messages.find((m: any) => m.tool_call_id === 'u1').content;
    expect(told).toContain('fake-key-material-4242');
  });

  it('on refuses exec with a clear message, and nothing runs', async () => {
    const core = openOpen({ sandbox: 'on' }, { sandbox: missing() });
    const told = await modelRuns(core, 'touch refused-marker');
    expect(told).toBe(
      'Error: exec is refused: tools.exec.sandbox is "on", but the OS sandbox is unavailable (bubblewrap (bwrap) is not installed). ' +
        'Tell the user; they can install bubblewrap or change the setting.',
    );
    expect(existsSync(join(core.workspace(), 'refused-marker'))).toBe(false);
  });

  it('network false without a sandbox refuses rather than running online', async () => {
    const core = openOpen({ network: false }, { sandbox: missing() });
    expect(await modelRuns(core, `curl -s http://127.0.0.1:${port}/`)).toContain('tools.exec.network is "off", which only the sandbox can enforce');
  });
});

describe('the approval card with the sandbox working', () => {
  it('carries the typed sandbox state', async () => {
    const core = t.open({ tools: { approval: { mode: 'ask' } } }, { tools: { exec: { parentEnv: childEnv() } } });
    const events: CoreEvent[] = [];
    core.events.on((e) => {
      events.push(e);
      if (e.type === 'approval.requested') core.approvals.resolve(e.id, 'deny');
    });
    t.llm.enqueue({ toolCalls: [{ id: 'c1', name: 'exec', arguments: { command: 'ls' } }] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'desktop:s', text: 'go', interactive: true });
    expect(events.find((e) => e.type === 'approval.requested')).toMatchObject({ sandbox: { status: 'on', kind: 'bubblewrap', network: 'filtered' } });
  });
});
