// The ToolRunner the product uses: a tool's implementation runs in the QuickJS sandbox
// (./sandbox/run-tool.ts); a tool without one returns its mock result, or else its arguments,
// exactly as mockToolRunner does.
import ts from 'typescript';
import type { AgentDocument } from '../model';
import { toolTimeoutMs } from './budget';
import { mockToolRunner } from './mock-runner';
import { runToolCode } from './sandbox/run-tool';
import type { ToolRun, ToolRunner } from './types';

export { toolTimeoutMs } from './budget';

/**
 * The class's helper methods, from what the Pinecall importer keeps (`doc.preserved.pinecall.members`,
 * see formats/pinecall/preserved.ts). Only plain instance methods are passed on: the sandbox binds
 * methods only, and a kept member such as a JSX `render()` or a field must not turn every tool
 * into a syntax error.
 */
export function helperSource(doc: AgentDocument): string | undefined {
  const pinecall = doc.preserved?.pinecall as { members?: unknown } | undefined;
  const members = Array.isArray(pinecall?.members) ? pinecall.members.filter((m): m is string => typeof m === 'string') : [];
  const methods = members.filter((member) => {
    const sf = ts.createSourceFile('member.tsx', `class __M {\n${member}\n}`, ts.ScriptTarget.ES2020, false, ts.ScriptKind.TSX);
    const cls = sf.statements[0];
    if (!cls || !ts.isClassDeclaration(cls) || cls.members.length !== 1) return false;
    const m = cls.members[0];
    if (!ts.isMethodDeclaration(m) || !m.body) return false;
    if (ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static) return false;
    return m.name.getText(sf) !== 'render';
  });
  return methods.length ? methods.join('\n\n') : undefined;
}

/** Runs each tool's implementation in a fresh QuickJS runtime, with the class's helper methods. */
export function sandboxToolRunner(doc: AgentDocument, options: { memoryBytes?: number } = {}): ToolRunner {
  const helpers = helperSource(doc);
  return {
    run: async (tool, args, stateCopy, call, limits = {}): Promise<ToolRun> => {
      if (tool.implementation === undefined || !tool.implementation.trim()) return mockToolRunner.run(tool, args, stateCopy, call);
      const out = await runToolCode({
        body: tool.implementation,
        params: Object.keys(tool.parameters.properties ?? {}),
        args,
        state: stateCopy,
        call,
        helpers,
        timeoutMs: Math.min(toolTimeoutMs(tool), limits.timeoutMs ?? Infinity),
        memoryBytes: options.memoryBytes,
        toolName: tool.name,
      });
      // Thrown, timeout, memory and syntax all become the error the model reads; writes made
      // before the failure are kept (the engine applies them either way).
      return out.ok ? { result: out.result, writes: out.writes, logs: out.logs } : { error: out.error, failure: out.kind, writes: out.writes, logs: out.logs };
    },
  };
}
