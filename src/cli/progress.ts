// A one-line progress for long runs (`test --runs 20`, `check`): "test: 12/40 runs, 11 passed",
// redrawn in place at the foot of standard error. Only for a person at a terminal: when standard
// error is piped or redirected, or `CI` is set (CI logs keep every byte, so a redrawn line would
// be 40 lines of noise), nothing of it is written at all.
import type { CliIo } from './io';

export interface Progress {
  /** The io to print through: a line it prints first clears the status line, which is then drawn again below it. */
  io: CliIo;
  /** One run finished. */
  run(passed: boolean): void;
  /** All done: the status line is erased. */
  end(): void;
}

/** Whether progress is shown: standard error is a terminal and this is no CI job. */
export function showsProgress(io: CliIo): boolean {
  const ci = io.env?.('CI');
  return io.status !== undefined && io.stderrIsTerminal?.() === true && (ci === undefined || ci === '' || ci === 'false' || ci === '0');
}

export function progressOf(io: CliIo, command: string, total: number): Progress {
  if (!showsProgress(io)) return { io, run: () => {}, end: () => {} };
  let done = 0;
  let passed = 0;
  let drawn = false;
  const draw = () => {
    io.status!(`${command}: ${done}/${total} runs, ${passed} passed`);
    drawn = true;
  };
  const clear = () => {
    if (drawn) io.status!(null);
    drawn = false;
  };
  // Printing under a drawn status line would glue the text to it: clear, print, draw again.
  const around = (write: (text: string) => void) => (text: string) => {
    const was = drawn;
    clear();
    write(text);
    if (was) draw();
  };
  draw();
  return {
    io: { ...io, out: around(io.out), err: around(io.err) },
    run: (ok) => {
      done++;
      if (ok) passed++;
      draw();
    },
    end: clear,
  };
}
