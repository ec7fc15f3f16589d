// Whether a process id still names a running process (signal 0 checks without sending anything).

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
