// A captured CliIo for in-process CLI tests of the scheduler commands.
import { PassThrough } from 'node:stream';
import type { CliIo } from '../../../src-main/host/cli/cli-command';

export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

export function captureIo(env: NodeJS.ProcessEnv): CapturedIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  return { stdout, stderr, stdin: new PassThrough(), env, isTty: false, out: () => out, err: () => err };
}
