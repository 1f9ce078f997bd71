// The ToolRunner the product uses: a tool's implementation runs in the QuickJS sandbox
// (./sandbox/run-tool.ts) beside the agent's own code (class-code/program.ts: the class's helper
// methods and getters, the file's top-level declarations, stubs with the document's mock answers);
// a tool without one returns its mock result, or else its arguments, exactly as mockToolRunner does.
import type { AgentDocument } from '../model';
import { isBindable } from '../model/names';
import { toolTimeoutMs } from './budget';
import { agentCodeOf } from './class-code/program';
import { mockToolRunner } from './mock-runner';
import { runToolCode } from './sandbox/run-tool';
import type { ToolRun, ToolRunner } from './types';

export { toolTimeoutMs } from './budget';

/**
 * The class's helper methods and getters, from what the Pinecall importer keeps
 * (`doc.preserved.pinecall.members`, see runtimes/pinecall/format/preserved.ts), as one class body. Only
 * instance methods and accessors are passed on: a kept JSX `render()` or a field must not turn
 * every tool into a syntax error.
 */
export function helperSource(doc: AgentDocument): string | undefined {
  return agentCodeOf(doc).helpers;
}

/** Runs each tool's implementation in a fresh QuickJS runtime, with the agent's own code beside it. */
export function sandboxToolRunner(doc: AgentDocument, options: { memoryBytes?: number } = {}): ToolRunner {
  const code = agentCodeOf(doc);
  return {
    run: async (tool, args, stateCopy, call, limits = {}): Promise<ToolRun> => {
      if (tool.implementation === undefined || !tool.implementation.trim()) return mockToolRunner.run(tool, args, stateCopy, call);
      const out = await runToolCode({
        ...code,
        body: tool.implementation,
        // A parameter no binding can name (`class`, `first-name`) is not in the class's signature either.
        params: Object.keys(tool.parameters.properties ?? {}).filter(isBindable),
        args,
        state: stateCopy,
        call,
        timeoutMs: Math.min(toolTimeoutMs(tool), limits.timeoutMs ?? Infinity),
        memoryBytes: options.memoryBytes,
        toolName: tool.name,
      });
      // Thrown, timeout, memory, syntax and needs-mock all become the error the model reads;
      // writes made before the failure are kept (the engine applies them either way).
      const logged = out.logged ? { logged: out.logged } : {};
      if (out.ok) return { result: out.result, writes: out.writes, logs: out.logs, ...logged };
      return { error: out.error, failure: out.kind, ...(out.needs ? { needs: out.needs } : {}), writes: out.writes, logs: out.logs, ...logged };
    },
  };
}
