import type { Position } from './model';

/**
 * Where a finding comes from, in the order Pipecat meets them:
 * - `read`: the text itself (YAML/JSON syntax, bounds, YAML 1.1 readings Pipecat makes silently);
 * - `schema`: Pydantic's validation of FlowConfig (every problem at once, as its ValidationError lists them);
 * - `graph`: FlowConfig's `_check_graph`, which stops at its first problem (Callboard lists them all);
 * - `handlers`: `Flow(config, handlers=…)` binding the file to its Python (only with a handlers.py);
 * - `lint`: Callboard's own warnings, which Pipecat does not make (unreachable nodes, dead ends, …).
 */
export type FindingStage = 'read' | 'schema' | 'graph' | 'handlers' | 'lint';

export interface FlowFinding extends Position {
  severity: 'error' | 'warning';
  stage: FindingStage;
  /** Pydantic's error type (`missing`, `extra_forbidden`, `value_error`…) or Callboard's code. */
  code: string;
  /** Pydantic's location (`nodes.greet.task_messages`), as Pipecat's error names it. */
  loc: (string | number)[];
  /** Pipecat's own words where Pipecat reports it; Callboard's otherwise. */
  message: string;
  /** What to write instead. */
  fix?: string;
}

/** `nodes.greet.functions[0]`: a Pydantic location as a person reads it. */
export function locText(loc: readonly (string | number)[]): string {
  let out = '';
  for (const part of loc) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out || '(the file)';
}

/** One line: `12:5 nodes.greet.task_messages: Field required — add …`. */
export function formatFinding(finding: FlowFinding): string {
  const where = finding.loc.length > 0 ? `${locText(finding.loc)}: ` : '';
  return `${finding.line}:${finding.column} ${finding.severity} ${where}${finding.message}${finding.fix ? ` — ${finding.fix}` : ''}`;
}

/** True when Pipecat's loader (FlowConfig.from_yaml/from_json) refuses the file. */
export function pipecatRefuses(findings: readonly FlowFinding[]): boolean {
  return findings.some((f) => f.severity === 'error' && (f.stage === 'read' || f.stage === 'schema' || f.stage === 'graph'));
}
