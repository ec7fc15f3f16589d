// The sandbox plan (what is hidden, in which order), the bubblewrap argv and the macOS seatbelt profile built from
// it, the state a probe gives for each config, and the refusals when the config needs a sandbox that is not there.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../../../src-preload/contract/config-schema';
import { bridgeScript, bwrapInvocation, SANDBOX_PROXY_SOCKET } from '../../../../src-main/core/tools/os-sandbox/bwrap-argv';
import { sandboxRefusal, stateFor } from '../../../../src-main/core/tools/os-sandbox/exec-sandbox';
import { planSandbox, type SandboxPlanInput } from '../../../../src-main/core/tools/os-sandbox/sandbox-plan';
import { describeSandbox, type SandboxProbe } from '../../../../src-main/core/tools/os-sandbox/sandbox-state';
import { sbplString, seatbeltInvocation, seatbeltProfile } from '../../../../src-main/core/tools/os-sandbox/seatbelt-profile';

let root: string;
let input: SandboxPlanInput;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-plan-')));
  const user = join(root, 'home');
  const nanotray = join(user, '.nanotray');
  for (const d of ['.ssh', '.aws', '.config/gh', 'keys-elsewhere', join('.nanotray', 'workspace', 'src')]) mkdirSync(join(user, d), { recursive: true });
  writeFileSync(join(user, '.netrc'), 'machine x password y');
  writeFileSync(join(nanotray, 'config.json'), '{}');
  symlinkSync(join(user, 'keys-elsewhere'), join(user, '.gnupg'));
  input = { workspace: join(nanotray, 'workspace'), cwd: join(nanotray, 'workspace', 'src'), nanotrayHome: nanotray, userHome: user };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('planSandbox', () => {
  it('hides what exists (symlinks where they point), and keeps the workspace visible inside the hidden home', () => {
    const plan = planSandbox(input);
    const user = join(root, 'home');
    expect(plan.mounts).toEqual([
      { kind: 'hide-dir', path: join(user, '.nanotray') },
      { kind: 'hide-dir', path: join(user, '.ssh') },
      { kind: 'hide-dir', path: join(user, 'keys-elsewhere') },
      { kind: 'hide-dir', path: join(user, '.aws') },
      { kind: 'hide-file', path: join(user, '.netrc') },
      { kind: 'hide-dir', path: join(user, '.config', 'gh') },
      { kind: 'writable', path: input.workspace },
    ]);
  });

  it('hides Nanotray files inside a workspace that contains the home', () => {
    const user = join(root, 'home');
    const plan = planSandbox({ ...input, workspace: user, cwd: user });
    const order = plan.mounts.map((m) => `${m.kind}:${m.path.slice(root.length)}`);
    expect(order.indexOf('writable:/home')).toBeLessThan(order.indexOf('hide-dir:/home/.nanotray'));
    expect(order.indexOf('writable:/home')).toBeLessThan(order.indexOf('hide-dir:/home/.ssh'));
  });

  it('hides each of Nanotray\'s own entries, as they are now, when the workspace is the home itself', () => {
    const home = join(root, 'home', '.nanotray');
    for (const f of ['mcp-auth.json', 'nanotray.db', 'nanotray.db-wal', '.config.json.1a2b.tmp', 'AGENTS.md']) writeFileSync(join(home, f), 'x');
    mkdirSync(join(home, 'logs'), { recursive: true });
    const plan = planSandbox({ ...input, workspace: home, cwd: home });
    const hidden = plan.mounts.filter((m) => m.kind.startsWith('hide')).map((m) => m.path.slice(home.length + 1));
    // run/ and cache/ are made first, so that no command plants them (a browser token of its choosing, a skill cache)
    expect(hidden).toEqual(expect.arrayContaining(['config.json', 'mcp-auth.json', 'nanotray.db', 'nanotray.db-wal', '.config.json.1a2b.tmp', 'logs', 'run', 'cache']));
    expect(hidden).not.toContain('AGENTS.md');
    expect(hidden).not.toContain('workspace');
    expect(plan.mounts).toContainEqual({ kind: 'writable', path: home });
    for (const f of ['mcp-auth.json', 'nanotray.db', 'nanotray.db-wal', '.config.json.1a2b.tmp', 'AGENTS.md']) rmSync(join(home, f));
    for (const d of ['logs', 'run', 'cache']) rmSync(join(home, d), { recursive: true });
  });

  it('binds the steering files of the workspace read-only: existing ones (links where they point), others marked missing', () => {
    const ws = input.workspace;
    mkdirSync(join(ws, 'memory'), { recursive: true });
    writeFileSync(join(ws, 'src', 'agents.md'), '# a');
    symlinkSync(join(ws, 'src', 'agents.md'), join(ws, 'AGENTS.md'));
    const plan = planSandbox({ ...input, readOnly: [join(ws, 'AGENTS.md'), join(ws, 'memory'), join(ws, 'IDENTITY.md')] });
    const after = plan.mounts.slice(plan.mounts.findIndex((m) => m.kind === 'writable') + 1);
    expect(after).toEqual([
      { kind: 'read-only', path: join(ws, 'memory'), exists: true },
      { kind: 'read-only', path: join(ws, 'IDENTITY.md'), exists: false },
      // bound onto itself: a mount point cannot be renamed, so no command swaps in another src/ with another agents.md
      { kind: 'writable', path: join(ws, 'src') },
      { kind: 'read-only', path: join(ws, 'src', 'agents.md'), exists: true },
    ]);
    const args = bwrapInvocation('bwrap', plan, { file: 'sh', args: [] }).args;
    expect(args.join(' ')).toContain(`--ro-bind ${join(ws, 'memory')} ${join(ws, 'memory')}`);
    expect(args).not.toContain(join(ws, 'IDENTITY.md')); // bwrap would create the mount point in the real workspace
    const profile = seatbeltProfile(plan).split('\n');
    expect(profile).toContain(`(deny file-write* (subpath ${sbplString(join(ws, 'IDENTITY.md'))}))`);
    expect(profile).toContain(`(deny file-write* (subpath ${sbplString(join(ws, 'memory'))}))`);
  });

  it('binds every workspace folder above a deeper read-only path onto itself, none inside a hidden one', () => {
    const ws = join(root, 'code');
    const out = join(ws, 'tools', 'nanotray', 'out');
    mkdirSync(out, { recursive: true });
    mkdirSync(join(ws, '.secret', 'inner', 'deeper'), { recursive: true });
    const plan = planSandbox({ ...input, workspace: ws, cwd: ws, nanotrayHome: join(ws, '.secret'), readOnly: [out, join(ws, '.secret', 'inner', 'deeper')] });
    const order = plan.mounts.map((m) => `${m.kind}:${m.path.slice(ws.length)}`);
    expect(order).toEqual(expect.arrayContaining(['writable:', 'writable:/tools', 'writable:/tools/nanotray', 'read-only:/tools/nanotray/out', 'hide-dir:/.secret']));
    expect(order.indexOf('writable:/tools/nanotray')).toBeLessThan(order.indexOf('read-only:/tools/nanotray/out'));
    expect(order).not.toContain('writable:/.secret/inner'); // binding it would show what the hidden home holds
  });

  it('knows no home files when the home is unknown', () => {
    const plan = planSandbox({ ...input, nanotrayHome: '' });
    expect(plan.mounts.some((m) => m.path.endsWith('config.json'))).toBe(false);
  });
});

describe('bwrapInvocation', () => {
  it('builds the command line: root read-only, private /dev /proc /tmp /run, new PID, IPC and network namespaces, hides, workspace', () => {
    const plan = planSandbox(input);
    const shell = { file: '/bin/bash', args: ['-c', 'git status'] };
    const { file, args } = bwrapInvocation('/usr/bin/bwrap', plan, shell);
    expect(file).toBe('/usr/bin/bwrap');
    const user = join(root, 'home');
    expect(args).toEqual([
      '--cap-drop', 'ALL',
      '--die-with-parent', '--new-session', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try',
      '--unshare-net',
      '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--tmpfs', '/run',
      '--tmpfs', join(user, '.nanotray'),
      '--tmpfs', join(user, '.ssh'),
      '--tmpfs', join(user, 'keys-elsewhere'),
      '--tmpfs', join(user, '.aws'),
      '--ro-bind', '/dev/null', join(user, '.netrc'),
      '--tmpfs', join(user, '.config', 'gh'),
      '--bind', input.workspace, input.workspace,
      '--chdir', input.cwd,
      '--', '/bin/bash', '-c', 'git status',
    ]);
  });

  it('always cuts the network; with a proxy, binds its socket in and starts the bridge before the shell', () => {
    expect(bwrapInvocation('bwrap', planSandbox(input), { file: 'sh', args: [] }).args).toContain('--unshare-net');
    const args = bwrapInvocation('bwrap', planSandbox(input), { file: '/bin/bash', args: ['-c', 'curl x'] }, { socat: '/usr/bin/socat', socket: '/tmp/nanotray-egress-1/proxy.sock' }).args;
    expect(args).toContain('--unshare-net');
    expect(args.join(' ')).toContain(`--ro-bind /tmp/nanotray-egress-1/proxy.sock ${SANDBOX_PROXY_SOCKET} --chdir`);
    const shellAt = args.indexOf('--') + 1;
    expect(args.slice(shellAt, shellAt + 2)).toEqual(['/bin/sh', '-c']);
    expect(args[shellAt + 2]).toBe(bridgeScript('/usr/bin/socat'));
    expect(args.slice(shellAt + 3)).toEqual(['nanotray-egress-bridge', '/bin/bash', '-c', 'curl x']);
    expect(bridgeScript('/usr/bin/socat')).toContain("'/usr/bin/socat' TCP-LISTEN:3128,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:/run/nanotray-proxy.sock");
    expect(bridgeScript('/usr/bin/socat')).toContain("[ \"$l $st\" = '0100007F:0C38 0A' ] && return 0; done </proc/net/tcp");
  });
});

describe('seatbelt (macOS; generated and checked here, run only on a Mac)', () => {
  it('quotes paths for the profile language', () => {
    expect(sbplString('/Users/a "b"\\c')).toBe('"/Users/a \\"b\\"\\\\c"');
  });

  it('denies writes outside the workspace and temp, reads of hidden paths (not the workspace in them), signals and inspection of other processes, and all network but the proxy port', () => {
    const user = join(root, 'home');
    const profile = seatbeltProfile(planSandbox(input));
    const lines = profile.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '(version 1)',
      '(allow default)',
      `(deny file-write* (require-not (require-any (subpath ${sbplString(input.workspace)}) (subpath "/private/tmp") (subpath "/private/var/folders") (regex #"^/dev/(null|zero|tty|dtracehelper|fd/[0-9]+)$"))))`,
    ]);
    expect(lines).toContain(`(deny file-read* file-write* (subpath ${sbplString(join(user, '.ssh'))}))`);
    expect(lines).toContain(`(deny file-read* file-write* (literal ${sbplString(join(user, '.netrc'))}))`);
    expect(lines).toContain(
      `(deny file-read* file-write* (require-all (subpath ${sbplString(join(user, '.nanotray'))}) (require-not (require-any (subpath ${sbplString(input.workspace)})))))`,
    );
    expect(lines.slice(-3)).toEqual(['(deny process-info* (target others))', '(deny signal (target others))', '(deny network*)']);
    expect(seatbeltProfile(planSandbox(input), 49152).split('\n').slice(-2)).toEqual(['(deny network*)', '(allow network-outbound (remote ip "localhost:49152"))']);
    expect(seatbeltProfile(planSandbox(input), 0)).not.toContain('allow network');
  });

  it('runs the shell through sandbox-exec -p', () => {
    const plan = planSandbox(input);
    expect(seatbeltInvocation(plan, { file: '/bin/zsh', args: ['-f', '-c', 'ls'] })).toEqual({
      file: '/usr/bin/sandbox-exec',
      args: ['-p', seatbeltProfile(plan), '/bin/zsh', '-f', '-c', 'ls'],
    });
    expect(seatbeltInvocation(plan, { file: '/bin/zsh', args: [] }, 50000).args[1]).toBe(seatbeltProfile(plan, 50000));
  });
});

describe('stateFor and sandboxRefusal', () => {
  const exec = (over: Record<string, unknown>) => configSchema.parse({ tools: { exec: over } }).tools.exec;
  const works: SandboxProbe = { ok: true, kind: 'bubblewrap', command: '/usr/bin/bwrap', networkIsolation: true, bridge: '/usr/bin/socat' };
  const noSocat: SandboxProbe = { ok: true, kind: 'bubblewrap', command: '/usr/bin/bwrap', networkIsolation: true };
  const noNetNs: SandboxProbe = { ...works, networkIsolation: false };
  const missing: SandboxProbe = { ok: false, reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed' };

  it.each([
    ['auto, works', works, {}, { status: 'on', kind: 'bubblewrap', network: 'filtered' }, undefined],
    ['network true reads as ask', works, { network: true }, { status: 'on', kind: 'bubblewrap', network: 'filtered' }, undefined],
    ['network on', works, { network: 'on' }, { status: 'on', kind: 'bubblewrap', network: 'unfiltered' }, undefined],
    ['no socat', noSocat, { network: 'ask' }, { status: 'on', kind: 'bubblewrap', network: 'unavailable' }, undefined],
    ['no net namespace', noNetNs, {}, { status: 'unavailable', reason: 'probe_failed', detail: 'the sandbox cannot cut the network here', enforced: false }, undefined],
    ['network off, works', works, { network: false }, { status: 'on', kind: 'bubblewrap', network: 'off' }, undefined],
    ['network "off", works', works, { network: 'off' }, { status: 'on', kind: 'bubblewrap', network: 'off' }, undefined],
    ['off', works, { sandbox: 'off' }, { status: 'off' }, undefined],
    ['auto, missing', missing, {}, { status: 'unavailable', reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed', enforced: false }, undefined],
    ['on, missing', missing, { sandbox: 'on' }, { status: 'unavailable', reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed', enforced: true }, 'tools.exec.sandbox is "on"'],
    ['network off, missing', missing, { network: false }, { status: 'unavailable', reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed', enforced: true }, 'tools.exec.network is "off"'],
    ['network off, no net namespace', noNetNs, { network: false }, { status: 'unavailable', reason: 'probe_failed', detail: 'the sandbox cannot cut the network here', enforced: true }, 'cannot cut the network'],
    ['network off, sandbox off', works, { network: false, sandbox: 'off' }, { status: 'off' }, 'tools.exec.sandbox is "off"'],
  ] as const)('%s', (_name, probe, over, state, refusal) => {
    const config = exec(over);
    expect(stateFor(probe, config)).toEqual(state);
    const refused = sandboxRefusal(stateFor(probe, config), config);
    if (refusal === undefined) expect(refused).toBeUndefined();
    else expect(refused).toContain(refusal);
  });

  it('describes each state in one line', () => {
    expect(describeSandbox({ status: 'on', kind: 'bubblewrap', network: 'off' })).toBe('on (bubblewrap; network off)');
    expect(describeSandbox({ status: 'on', kind: 'bubblewrap', network: 'unfiltered' })).toBe('on (bubblewrap; network unfiltered)');
    expect(describeSandbox({ status: 'on', kind: 'bubblewrap', network: 'unavailable' })).toBe('on (bubblewrap; network unavailable: install socat)');
    expect(describeSandbox({ status: 'on', kind: 'bubblewrap', network: 'filtered' })).toBe('on (bubblewrap; network through Nanotray, per host)');
    expect(describeSandbox({ status: 'unavailable', reason: 'not_installed', detail: 'no bwrap', enforced: false })).toBe(
      'unavailable (no bwrap): commands run unsandboxed',
    );
  });
});
