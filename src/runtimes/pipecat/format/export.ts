// Writing a document as Pipecat files: the flow (YAML, or JSON when it was read from JSON) and the
// handlers.py of the tools it references. From a kept source, the flow's text changes only where
// the document changed (write.ts merges key for key and reads its output back); otherwise it is
// written whole.
import type { AgentDocument, Loss } from '../../../model';
import { slugOf } from '../../../model/names';
import { readFlow } from './flow';
import { flowData, globalTools, flowStages, isTransitionOnly, nodeTools } from './from-document';
import { writeHandlers, type HandlerSpec } from './handlers-write';
import { handlerSpec, isPythonName, writableSpec } from './handler-spec';
import { pipecatKeptOf } from '../kept';
import { lossesOfPipecat } from './doc-losses';
import type { KeptFlowSource } from './document';
import { dataToYaml, FlowWriteError, writeFlowJson, writeFlowYaml } from './write';

export interface PipecatExport {
  text: string;
  syntax: 'yaml' | 'json';
  /** `<slug>.flow.yaml` (or `.flow.json`). */
  fileName: string;
  /** The handlers.py beside the flow: every referenced tool as a direct function (a stub body). */
  handlers: string;
  warnings: Loss[];
  notes: string[];
}

export function keptFlowSource(doc: AgentDocument): KeptFlowSource | undefined {
  const kept = (doc.preserved?.sources as Record<string, unknown> | undefined)?.pipecat as Partial<KeptFlowSource> | undefined;
  return kept && typeof kept.text === 'string' && (kept.syntax === 'yaml' || kept.syntax === 'json') ? { text: kept.text, syntax: kept.syntax } : undefined;
}

export function exportPipecatFlow(doc: AgentDocument, syntax?: 'yaml' | 'json'): PipecatExport {
  const data = flowData(doc);
  const kept = keptFlowSource(doc);
  const as = syntax ?? kept?.syntax ?? 'yaml';
  const notes: string[] = [];
  let text: string;
  const read = kept ? readFlow(kept.text, { syntax: kept.syntax }) : undefined;
  if (read?.data !== undefined && read.findings.every((f) => f.severity !== 'error')) {
    try {
      text = as === 'yaml' ? writeFlowYaml(read, data) : writeFlowJson(read, data);
    } catch (error) {
      if (!(error instanceof FlowWriteError)) throw error;
      notes.push(`the flow was written whole, not merged into the file as imported (${error.message})`);
      text = as === 'yaml' ? dataToYaml(data) : `${JSON.stringify(data, null, 2)}\n`;
    }
  } else {
    text = as === 'yaml' ? dataToYaml(data) : `${JSON.stringify(data, null, 2)}\n`;
  }
  return { text, syntax: as, fileName: `${slugOf(doc.name)}.flow.${as === 'yaml' ? 'yaml' : 'json'}`, handlers: handlersText(doc), warnings: lossesOfPipecat(doc), notes };
}

/** The handlers.py of the tools the flow references (transition-only functions live in the flow). */
export function handlersText(doc: AgentDocument): string {
  const kept = pipecatKeptOf(doc);
  const seen = new Set<string>();
  const specs: HandlerSpec[] = [];
  const referenced = [...flowStages(doc).flatMap((s) => nodeTools(doc, s)), ...globalTools(doc)];
  for (const tool of referenced) {
    // A name Python does not take cannot be a function (lint refuses it; the loss says so).
    if (isTransitionOnly(kept, tool) || seen.has(tool.name) || !isPythonName(tool.name)) continue;
    seen.add(tool.name);
    const own = kept.handlers?.[tool.name];
    specs.push({ ...writableSpec(handlerSpec(tool)), ...(own ? { body: own.body, ...(own.decorators ? { decorators: own.decorators } : {}) } : {}) });
  }
  return writeHandlers(specs);
}
