// `nanotray … | head`: when the reader of stdout or stderr goes away, the CLI ends quietly (exit 0 as other
// Unix tools do after SIGPIPE) instead of printing an EPIPE stack trace.

type Exit = (code: number) => void;

/** Guards `streams` (default stdout and stderr); returns a disposer (for tests). */
export function installPipeGuards(
  streams: NodeJS.WritableStream[] = [process.stdout, process.stderr],
  exit: Exit = (code) => process.exit(code),
): () => void {
  const handlers = streams.map((stream) => {
    const handler = (err: NodeJS.ErrnoException): void => {
      if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') {
        exit(0);
        return;
      }
      // Any other write failure: the stream can no longer carry an explanation either.
      exit(1);
    };
    stream.on('error', handler);
    return { stream, handler };
  });
  return () => {
    for (const { stream, handler } of handlers) stream.off('error', handler);
  };
}
