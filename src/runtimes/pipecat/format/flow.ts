// Reading and checking a flow file in one call, as Pipecat's loader meets it: the text (PyYAML's
// YAML 1.1 or json.loads, bounded), then Pydantic's schema, then `_check_graph` when the schema
// passed, then the handlers when they are known, then Callboard's own warnings.
import { buildModel } from './build';
import type { FlowFinding } from './findings';
import { checkGraph, checkHandlers, lintGraph, type HandlerNames } from './graph';
import type { FlowConfigModel } from './model';
import { BoundExceeded, FLOW_LIMITS, parseFlowText, toData, type FlowLimits, type FlowSyntax } from './pytree';
import { checkSchema } from './schema';
import type { FlowSource } from './write';

export interface FlowFile extends FlowSource {
  model: FlowConfigModel;
  /** In Pipecat's order: read, schema, graph, handlers; then Callboard's warnings. */
  findings: FlowFinding[];
}

export interface ReadFlowOptions {
  /** Decided from the file name when omitted: `.json` is JSON, anything else YAML (as `FlowConfig.from_file`). */
  syntax?: FlowSyntax;
  fileName?: string;
  /** The handlers.py beside the flow, when there is one: its references are then checked too. */
  handlers?: HandlerNames;
  limits?: FlowLimits;
  now?: () => number;
}

export const syntaxOf = (fileName: string): FlowSyntax => (/\.json$/i.test(fileName) ? 'json' : 'yaml');

const EMPTY_MODEL: FlowConfigModel = { nodes: [], globalFunctions: [] };

export function readFlow(text: string, options: ReadFlowOptions = {}): FlowFile {
  const syntax = options.syntax ?? syntaxOf(options.fileName ?? '');
  const limits = options.limits ?? FLOW_LIMITS;
  const parsed = parseFlowText(text, syntax, limits, options.now);
  const readErrors: FlowFinding[] = parsed.problems.map((p) => ({ severity: 'error', stage: 'read', code: 'read', loc: [], ...p }));
  const file = (model: FlowConfigModel, findings: FlowFinding[]): FlowFile => ({
    syntax, source: text, ...(parsed.document ? { document: parsed.document } : {}), ...(parsed.root ? { root: parsed.root } : {}),
    data: parsed.root ? toData(parsed.root) : undefined, model, findings,
  });
  if (!parsed.root) return file(EMPTY_MODEL, readErrors);
  try {
    const schema = checkSchema(parsed.root, parsed.budget);
    const { model, warnings } = buildModel(parsed.root, parsed.budget);
    if (model.nodes.length > limits.nodes) {
      const extra = model.nodes[limits.nodes];
      return file(EMPTY_MODEL, [{ severity: 'error', stage: 'read', code: 'bound', loc: ['nodes', extra.name], line: extra.at.line, column: extra.at.column, message: `this flow has ${model.nodes.length} nodes; Callboard reads at most ${limits.nodes}: this is node ${limits.nodes + 1}. Split the flow` }]);
    }
    const findings: FlowFinding[] = [...readErrors, ...warnings.filter((w) => w.stage === 'read'), ...schema.findings];
    if (schema.passed) findings.push(...checkGraph(model));
    if (options.handlers) findings.push(...checkHandlers(model, options.handlers));
    findings.push(...lintGraph(model));
    return file(model, findings);
  } catch (error) {
    if (error instanceof BoundExceeded) return file(EMPTY_MODEL, [{ severity: 'error', stage: 'read', code: 'bound', loc: [], ...error.problem }]);
    throw error;
  }
}
