// Security issue 30, points 4 and 8: what a hostile or broken LLM server or tool sends that the
// app and the CLI must bound. Each is a mock LLM turn (test/mock-llm/types.ts) or a tool body; the
// tests that run them: src/simulator/providers/answer-bounds.test.ts, test/cli/answer-bounds.test.ts,
// e2e/bounds.spec.ts.
import type { MockTurn } from '../mock-llm/types';

/** Streams 1,000-character text events without end, as fast as the client reads (every request). */
export const FOREVER: MockTurn = { flood: {}, times: 0 };

/** The same, as one tool call's arguments that never close. */
export const FOREVER_ARGUMENTS: MockTurn = { flood: { as: 'arguments' }, times: 0 };

/** Never silent long enough for the idle timeout: a short piece every 20 ms, forever. */
export const SLOW_FOREVER: MockTurn = { flood: { piece: 'tick ', delayMs: 20 }, times: 0 };

/** A server that sends only framing: empty text events forever (the answer stays empty, the wire does not). */
export const EMPTY_FOREVER: MockTurn = { flood: { piece: '' }, times: 0 };

/** A tool whose result is 12 MB, inside QuickJS's 32 MB heap: the page must not lay it out whole. */
export const HUGE_TOOL_BODY = 'return "x".repeat(12e6);';
export const HUGE_TOOL_CHARACTERS = 12_000_000;
