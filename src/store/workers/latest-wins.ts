// One job at a time in a worker, latest wins: while a job runs, a newer ask replaces the one
// waiting (which answers `undefined`, superseded), so a burst of keystrokes costs the worker at
// most the running job and the last one, never a queue of stale documents.
export type Job<A, R> = (args: A) => Promise<R>;

export function latestWins<A, R>(run: Job<A, R>): (args: A) => Promise<R | undefined> {
  let running = false;
  let waiting: { args: A; resolve: (value: R | undefined) => void; reject: (error: unknown) => void } | undefined;
  const start = (args: A, resolve: (value: R | undefined) => void, reject: (error: unknown) => void) => {
    running = true;
    run(args).then(resolve, reject).finally(() => {
      running = false;
      const next = waiting;
      waiting = undefined;
      if (next) start(next.args, next.resolve, next.reject);
    });
  };
  return (args) => new Promise<R | undefined>((resolve, reject) => {
    if (!running) return start(args, resolve, reject);
    waiting?.resolve(undefined);
    waiting = { args, resolve, reject };
  });
}
