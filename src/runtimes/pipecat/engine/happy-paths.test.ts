// Pipecat's seven example flows, each walked down a happy path on the offline model (no key, no
// network), as a newcomer would run them: the caller's lines, the mocks and the state were written
// by someone who had not read the simulator (src/runtimes/pipecat/format/fixtures/happy-paths). Each run
// must pass through the script's nodes in order, call its functions in order, and end where it ends.
import { describe, expect, it } from 'vitest';
import { calledFunctions, HAPPY_PATHS, nodePath, runHappyPath } from './testing';

describe('the example flows walked on the offline model', () => {
  it.each(HAPPY_PATHS.map((p) => [p.flow, p] as const))('%s: the script\'s nodes, its functions in order, and its end', async (_flow, path) => {
    const { session } = await runHappyPath(path);
    expect(nodePath(session)).toEqual(path.path);
    expect(calledFunctions(session)).toEqual(path.calls);
    expect(session.ended).toBe(path.ends);
  });

  it('walks all seven of Pipecat\'s example flows', () => expect(HAPPY_PATHS.length).toBe(7));
});
