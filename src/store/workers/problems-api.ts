// What the problems worker (./problems.worker.ts) offers the page, through Comlink. The same
// object serves in place where there are no workers (Node: unit tests). On a large agent both ways
// across cost the main thread more than the lint itself, so neither is sent whole when it need
// not be: the document comes as a patch against the last one sent (./doc-wire.ts), and problems
// equal to the answer the page already holds come back as "the same" (typing in a stage's
// instructions rarely changes them), which also lets the page keep that answer's identity so
// nothing drawn from it is rebuilt.
import type { AgentDocument } from '../../model';
import type { StageFlow } from '../../model/code-flow';
import type { Problem } from '../../model/lint';
import { problemsOf } from '../../formats/problems';
import { codeMaySetStage, preservedOf, stageFlowIfAny } from '../../runtimes/pinecall/format';
import { expressionParserLoaded, loadExpressionParser, parserWanted } from '../../model/lint/js-syntax';
import { samplePatternsWanted, setSamplePatterns } from '../../model/lint/pattern-samples';
import { docReceiver, type DocWire } from './doc-wire';

/** `same`: equal to the answer numbered `answer` that the page said it holds. */
export type ProblemsAnswer = { kind: 'same'; answer: number } | { kind: 'new'; answer: number; problems: Problem[]; stageFlow?: StageFlow };

/** What the reader reads of a document: while none of it changes, the last flow stands. */
function flowKey(doc: AgentDocument): string {
  const kept = preservedOf(doc);
  return JSON.stringify([
    doc.stages.map((s) => s.name), doc.tools.map((t) => [t.name, t.implementation]),
    kept.members, kept.baseMembers, kept.before, kept.after, doc.language, (doc.preserved?.pinecallPython as { codeWrites?: unknown } | undefined)?.codeWrites,
  ]);
}

export interface ProblemsApi {
  /**
   * problemsOf(doc), with the syntax of `when` and expression conditions checked (the parser is
   * loaded when a source needs it). `held`: the number of the answer the page holds, if any.
   */
  problemsOf(doc: DocWire, held?: number): Promise<ProblemsAnswer>;
}

let sandboxLoading: Promise<boolean> | undefined;
/** Hands lint the pattern sandbox (once per thread); false when it did not load, and a later ask tries again. */
function loadPatternSandbox(): Promise<boolean> {
  // Loaded when a pattern has samples to test: QuickJS is a module of its own, not on lint's first pass.
  sandboxLoading ??= import('../../simulator').then(({ preparePatternSandbox }) => preparePatternSandbox()).then(
    (sandbox) => (setSamplePatterns(sandbox), true),
    () => ((sandboxLoading = undefined), false),
  );
  return sandboxLoading;
}

/** A fresh API with its own documents and last answer (one per worker, one in place). */
export function problemsApi(): ProblemsApi {
  const docs = docReceiver();
  let last: { answer: number; json: string } | undefined;
  let nextAnswer = 1;
  let lastFlow: { key: string; flow: StageFlow } | undefined;
  // The code's stage flow (runtimes/pinecall/format/stage-flow.ts), read here so the page never loads the
  // TypeScript compiler for it; lint's reachability follows it, and the canvas draws it.
  const stageFlowOf = async (doc: AgentDocument): Promise<StageFlow | undefined> => {
    if (!codeMaySetStage(doc)) return undefined;
    const key = flowKey(doc);
    if (lastFlow?.key === key) return lastFlow.flow;
    lastFlow = { key, flow: (await stageFlowIfAny(doc)) ?? { writes: [], unresolved: [], unknownStages: [] } };
    return lastFlow.flow;
  };
  return {
    async problemsOf(wire, held) {
      // Read before the first await: documents arrive in the order they were sent.
      const doc = docs.read(wire);
      // The expression parser (acorn) loads only for a source too involved to be vouched for
      // without it; without the parser lint says nothing about such a source's syntax
      // (model/lint/js-syntax.ts). problemsOf runs to its end before the next ask begins, so the
      // flag it leaves is this document's.
      const stageFlow = await stageFlowOf(doc);
      parserWanted();
      samplePatternsWanted();
      let problems = problemsOf(doc, { stageFlow });
      // Likewise the pattern sandbox, for a pattern's samples (model/lint/pattern-samples.ts): a
      // document's pattern never runs on this thread's own RegExp, which has no deadline.
      const sandboxWanted = samplePatternsWanted() && (await loadPatternSandbox());
      if (parserWanted()) {
        await loadExpressionParser().catch(() => undefined);
        if (expressionParserLoaded()) problems = problemsOf(doc, { stageFlow });
      } else if (sandboxWanted) problems = problemsOf(doc, { stageFlow });
      const json = JSON.stringify([problems, stageFlow]);
      if (last && last.answer === held && last.json === json) return { kind: 'same', answer: held };
      last = { answer: nextAnswer++, json };
      return { kind: 'new', answer: last.answer, problems, ...(stageFlow ? { stageFlow } : {}) };
    },
  };
}
