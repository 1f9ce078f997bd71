// `callboard lint`: the app's Problems list on the command line, one problem a line, each at the
// line:column of the file where the entity it is about is written (else its document path).
import { stageFlowIfAny } from '../runtimes/pinecall/format';
import { problemsOf } from '../formats/problems';
import { emptyDocument, type AgentDocument, type Tool } from '../model';
import { loadExpressionParser } from '../model/lint/js-syntax';
import { setSamplePatterns } from '../model/lint/pattern-samples';
import { preparePatternSandbox } from '../simulator/sandbox/patterns';
import type { LintArgs } from './args';
import { EXIT_ERRORS, EXIT_OK, type CliIo } from './io';
import { locatorFor } from '../formats/locate';
import { BLOCKS_THE_REST, formatDiagnostic, loadAgent, readSource, type Diagnostic, type Loaded } from './read';
import { jsonText, type LintJson } from './json-shapes';
import type { FileFormat } from '../formats/file-format';

/** A bare list of tools, linted as the tools of an agent that offers them everywhere. */
function agentOfTools(tools: Tool[]): AgentDocument {
  return { ...emptyDocument('Tools'), target: 'block-agent', tools: tools.map((t) => ({ ...t, scope: { kind: 'all' } })) };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What lint finds in `doc` (read from `text` in `format`), each at its line:column where the locator knows it. */
export async function lintFindings(doc: AgentDocument, format: FileFormat, text: string, toolsOnly: boolean, quiet = false): Promise<Diagnostic[]> {
  // The parser of `when` and expression conditions loads on demand; lint says nothing of syntax before.
  await loadExpressionParser();
  // A pattern's samples (default, examples) are tested in the pattern sandbox, with a deadline.
  setSamplePatterns(await preparePatternSandbox());
  // A list of tools is no agent: only what is wrong with the tools themselves is reported.
  // Reachability follows where the code moves the call (helpers, switches, constants…).
  // The stage-flow reader parses class code with TypeScript's compiler (3.5 MB): loaded only for a
  // Pinecall agent whose code names the stage, so neither a Block Agent's lint (issue 34's 500-stage
  // lint) nor the sample's pays for it; a class in Python's import already read its writes.
  const stageFlow = await stageFlowIfAny(doc);
  const problems = problemsOf(doc, { stageFlow }).filter((p) => !toolsOnly || p.entity.kind === 'tool');
  // The locator reads the file again with positions (a large agent's costliest step after lint): only
  // for findings that will be shown — under --quiet, infos are counted, never printed.
  const shown = (p: (typeof problems)[number]) => !quiet || p.severity !== 'info';
  const locate = problems.some(shown) ? await locatorFor(format, text, doc) : undefined;
  return problems.map((p) => ({ severity: p.severity, message: p.message, path: p.path, rule: p.rule, ...(locate && shown(p) ? locate(p) : {}) }));
}

/** Said before lint's findings on an agent read around its import errors. */
export const CHECKED_WITHOUT_ERRORS = 'the rest of the agent was checked without what the errors above are about (each left out whole), so a finding may follow from one of them';

/**
 * A failed import's diagnostics and, when the importer could read the rest of the agent, lint's
 * findings on it: one run shows every problem, not the first error alone.
 */
export async function failedLoadDiagnostics(loaded: Extract<Loaded, { ok: false }>, format: FileFormat): Promise<Diagnostic[]> {
  const errors = loaded.diagnostics.map((d) => ({ ...d, rule: d.rule ?? 'import' }));
  if (loaded.blocksTheRest) return [...errors, { severity: 'note', message: BLOCKS_THE_REST }];
  if (!loaded.partial) return errors;
  const { doc, text, diagnostics } = loaded.partial;
  return [
    ...errors,
    ...diagnostics.map((d) => ({ ...d, rule: d.rule ?? 'import' })),
    { severity: 'note', message: CHECKED_WITHOUT_ERRORS },
    ...(await lintFindings(doc, format, text, false)),
  ];
}

/** What lint found in one agent file: every diagnostic, the counts, and the import's hint if any. */
export interface LintOutcome {
  file: string;
  format: FileFormat;
  /** The agent, when it imported (a list of tools is no agent). */
  doc?: AgentDocument;
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  infos: number;
  hint?: string;
}

/** Notes that frame the findings (what was checked) rather than being findings. */
const framing = (d: Diagnostic) => d.message === BLOCKS_THE_REST || d.message === CHECKED_WITHOUT_ERRORS;

/** Reads and lints one file (`lint`, and `check` before it runs the tests). */
export async function lintFile(io: CliIo, file: string, options: { from?: FileFormat; fixTabs: boolean; quiet?: boolean }, command: string): Promise<LintOutcome> {
  const source = readSource(io, file, options.from, command);
  const loaded = await loadAgent(source, { fixTabs: options.fixTabs });
  const diagnostics: Diagnostic[] = loaded.ok
    ? [
      ...loaded.diagnostics.map((d) => ({ ...d, rule: d.rule ?? 'import' })),
      ...(await lintFindings(loaded.kind === 'agent' ? loaded.doc : agentOfTools(loaded.tools), source.format, loaded.text, loaded.kind !== 'agent', options.quiet)),
    ]
    : await failedLoadDiagnostics(loaded, source.format);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const infos = diagnostics.filter((d) => !framing(d)).length - errors - warnings;
  return {
    file: source.file, format: source.format, diagnostics, errors, warnings, infos,
    ...(loaded.ok && loaded.kind === 'agent' ? { doc: loaded.doc } : {}),
    ...(!loaded.ok && loaded.hint ? { hint: loaded.hint } : {}),
  };
}

/** `errors, warnings, infos` as the count line says them. */
export const lintCounts = (o: Pick<LintOutcome, 'errors' | 'warnings'>): string => `${count(o.errors, 'error')}, ${count(o.warnings, 'warning')}`;

export async function lintCommand(args: LintArgs, io: CliIo): Promise<number> {
  const outcome = await lintFile(io, args.file, args, 'lint');
  const { file, diagnostics, errors, infos } = outcome;
  const shown = args.quiet ? diagnostics.filter((d) => (d.severity !== 'info' && d.severity !== 'note') || framing(d)) : diagnostics;
  if (args.json) {
    const report: LintJson = { command: 'lint', ok: errors === 0, file, errors, warnings: outcome.warnings, infos, findings: shown, ...(outcome.hint ? { hint: outcome.hint } : {}) };
    io.out(jsonText(report));
  } else {
    for (const d of shown) io.out(formatDiagnostic(file, d) + '\n');
    if (outcome.hint) io.err(`hint: ${outcome.hint}\n`);
  }
  io.err(`${file}: ${lintCounts(outcome)}, ${infos} info${args.quiet && infos > 0 ? ' (hidden)' : ''}\n`);
  return errors > 0 ? EXIT_ERRORS : EXIT_OK;
}
