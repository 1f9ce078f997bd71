import { describe, expect, it } from 'vitest';
import { latestWins } from './latest-wins';

/** A job whose answers the test releases by hand, in any order it likes. */
function manualJob() {
  const calls: { args: number; release: (value: string) => void }[] = [];
  const job = (args: number) => new Promise<string>((resolve) => calls.push({ args, release: resolve }));
  return { calls, job };
}

describe('latestWins', () => {
  it('runs one job at a time and skips the asks a newer one replaced', async () => {
    const { calls, job } = manualJob();
    const ask = latestWins(job);
    const first = ask(1);
    const second = ask(2);
    const third = ask(3);
    expect(calls.map((c) => c.args)).toEqual([1]);
    // The second was waiting when the third came: it answers "superseded" and never runs.
    await expect(second).resolves.toBeUndefined();
    calls[0].release('one');
    await expect(first).resolves.toBe('one');
    await Promise.resolve();
    expect(calls.map((c) => c.args)).toEqual([1, 3]);
    calls[1].release('three');
    await expect(third).resolves.toBe('three');
  });

  it('passes a failed job on and keeps serving', async () => {
    let fail = true;
    const ask = latestWins(async (n: number) => {
      if (fail) throw new Error(`job ${n} failed`);
      return n * 2;
    });
    await expect(ask(1)).rejects.toThrow('job 1 failed');
    fail = false;
    await expect(ask(2)).resolves.toBe(4);
  });
});
