// A loaded machine for the canvas part (issue 16, point 2): a child process spinning on one core
// beside the browser, started and stopped by the bench, so the frame figures are also measured
// with the page competing for the CPU as it does on a busy laptop.
import { spawn, type ChildProcess } from 'node:child_process';

export interface CpuHog {
  stop(): Promise<void>;
}

export function startCpuHog(): CpuHog {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return {
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }),
  };
}
