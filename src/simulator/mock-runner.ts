// Tool runners until the QuickJS sandbox (src/simulator/sandbox) lands, and for tests.
import type { ToolRun, ToolRunner } from './types';

/**
 * A tool without an implementation returns its mock result, or else its arguments (issue 4, "Tool
 * code"); this runner treats every tool that way and writes nothing.
 */
export const mockToolRunner: ToolRunner = {
  run: async (tool, args): Promise<ToolRun> => ({ result: tool.mock !== undefined ? structuredClone(tool.mock) : args, writes: {}, logs: [] }),
};

/** What a scripted tool does in a test: its result or thrown message, and the fields it writes. */
export interface ScriptedTool {
  result?: unknown;
  error?: string;
  writes?: Record<string, unknown> | ((args: Record<string, unknown>, state: Record<string, unknown>) => Record<string, unknown>);
  logs?: string[];
}

/** Test-only: each tool named in `script` returns/writes what it says; others behave like mockToolRunner. */
export function scriptedToolRunner(script: Record<string, ScriptedTool>): ToolRunner & { calls: { tool: string; args: Record<string, unknown> }[] } {
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  return {
    calls,
    run: async (tool, args, state, call) => {
      calls.push({ tool: tool.name, args });
      const entry = Object.hasOwn(script, tool.name) ? script[tool.name] : undefined;
      if (!entry) return mockToolRunner.run(tool, args, state, call);
      const writes = typeof entry.writes === 'function' ? entry.writes(args, state) : (entry.writes ?? {});
      return { result: entry.result, error: entry.error, writes, logs: entry.logs ?? [] };
    },
  };
}
