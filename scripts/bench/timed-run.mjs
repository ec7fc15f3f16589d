// One child process of a bench, timed: its wall time and what it printed; a failure (exit code, or `expect` not
// printed) rejects with the start of what it said.
import { spawn } from 'node:child_process';

/** Runs `cmd args…` in `cwd` with exactly `env`; resolves `{ wall, out, err }` (wall in ms). */
export function timedRun({ cmd = process.execPath, args, env, cwd, expect }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = performance.now() - started;
      if (code !== 0 || (expect !== undefined && !out.includes(expect))) {
        return reject(new Error(`${args.join(' ')} exited ${code}: ${(err || out).trim().slice(0, 400)}`));
      }
      resolve({ wall, out, err });
    });
  });
}
