/**
 * Runs `close` once, then exits, when the process is asked to stop: SIGINT or SIGTERM (Ctrl-C, a
 * container's stop) or, under `npm start`'s supervisor, the end of the IPC channel it opens. The
 * channel ends however the supervising process went — even SIGKILL, which tsx sends the stack
 * when it does not answer a Ctrl-C within its 60 ms — so no service outlives the stack.
 */
export function closeOnStop(close: (reason: string) => Promise<unknown>): void {
  let closing = false;
  const stop = (reason: string) => {
    if (closing) return;
    closing = true;
    close(reason).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(signal));
  // Spawned with a channel (process.send is there) that is already closed: the supervisor went
  // while this process was starting (a Ctrl-C during start-up).
  if (process.send !== undefined && !process.connected) stop('the supervisor is gone');
  else if (process.connected) process.once('disconnect', () => stop('the supervisor is gone'));
}
