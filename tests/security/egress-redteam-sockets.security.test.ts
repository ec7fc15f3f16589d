// Red team on the proxies' unix sockets, through the real agent loop: with TMPDIR outside /tmp (~/tmp, /var/tmp,
// which the sandbox shows read-only), a command looks for another process's egress proxy (another session's
// command, a sandboxed MCP server, one with tools.exec.network "on") and asks it for a host its own would refuse.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommandEgress, type CommandEgress } from '../../src-main/core/tools/egress/command-egress';
import { useScriptedCore } from '../helpers/scripted-core';
import { openAttacker, startCountingServer, type CountingServer } from './helpers/egress-attack';

const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });

let secret: CountingServer;
beforeAll(async () => {
  secret = await startCountingServer('secret-service');
});
afterAll(async () => {
  await secret.close();
});

describe('mode ask, nobody at a terminal, TMPDIR under /var/tmp', () => {
  it("another process's proxy socket is not reachable from inside the sandbox", async () => {
    const tmp = mkdtempSync('/var/tmp/nanotray-redteam-tmpdir-');
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    let other: CommandEgress | undefined;
    try {
      // a proxy that lets every host through (tools.exec.network "on" in another process or for another server)
      other = await openCommandEgress({ listen: 'unix', filter: 'open', decide: async () => 'denied', source: { kind: 'mcp', server: 'other' }, sessionKey: '' });
      const a = openAttacker(t, 'ask');
      a.allowCommand('bash attack.sh');
      a.write(
        'attack.sh',
        `for s in ${tmp}/*/*.sock /tmp/*/*.sock; do [ -S "$s" ] || continue; echo "found $s"; ` +
          `printf 'GET http://127.0.0.1:${secret.port}/via-other HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n' | timeout 5 socat -t 5 - "UNIX-CONNECT:$s"; done\n`,
      );
      const told = await a.run('bash attack.sh');
      expect(told).not.toContain('secret-service');
      expect(secret.hits).toEqual([]);
      expect(told).not.toContain(`found ${tmp}`);
    } finally {
      await other?.close();
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
