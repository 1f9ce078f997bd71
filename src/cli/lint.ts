// `callboard lint`: the app's Problems list on the command line, one problem a line, each at the
// line:column of the file where the entity it is about is written (else its document path).
import { problemsOf } from '../formats/problems';
import { readStageFlow } from '../formats/pinecall/stage-flow';
import { emptyDocument, type AgentDocument, type Tool } from '../model';
import { loadExpressionParser } from '../model/lint/js-syntax';
import { setSamplePatterns } from '../model/lint/pattern-samples';
import { preparePatternSandbox } from '../simulator/sandbox/patterns';
import type { LintArgs } from './args';
import { EXIT_ERRORS, EXIT_OK, type CliIo } from './io';
import { locatorFor } from '../formats/locate';
import { formatDiagnostic, loadAgent, readSource, type Diagnostic } from './read';

/** A bare list of tools, linted as the tools of an agent that offers them everywhere. */
function agentOfTools(tools: Tool[]): AgentDocument {
  return { ...emptyDocument('Tools'), target: 'block-agent', tools: tools.map((t) => ({ ...t, scope: { kind: 'all' } })) };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function lintCommand(args: LintArgs, io: CliIo): Promise<number> {
  const source = readSource(io, args.file, args.from, 'lint');
  const loaded = await loadAgent(source, { fixTabs: args.fixTabs });
  if (!loaded.ok) {
    for (const d of loaded.diagnostics) io.out(formatDiagnostic(source.file, d) + '\n');
    if (loaded.hint) io.err(`hint: ${loaded.hint}\n`);
    return EXIT_ERRORS;
  }
  const doc = loaded.kind === 'agent' ? loaded.doc : agentOfTools(loaded.tools);
  // The parser of `when` and expression conditions loads on demand; lint says nothing of syntax before.
  await loadExpressionParser();
  // A pattern's samples (default, examples) are tested in the pattern sandbox, with a deadline.
  setSamplePatterns(await preparePatternSandbox());
  // A list of tools is no agent: only what is wrong with the tools themselves is reported.
  // Reachability follows where the code moves the call (helpers, switches, constants…).
  const stageFlow = doc.target === 'pinecall' ? readStageFlow(doc) : undefined;
  const problems = problemsOf(doc, { stageFlow }).filter((p) => loaded.kind === 'agent' || p.entity.kind === 'tool');
  const locate = await locatorFor(source.format, loaded.text, doc);
  const diagnostics: Diagnostic[] = [
    ...loaded.diagnostics.map((d) => ({ ...d, rule: d.rule ?? 'import' })),
    ...problems.map((p) => ({ severity: p.severity, message: p.message, path: p.path, rule: p.rule, ...locate(p) })),
  ];
  const shown = args.quiet ? diagnostics.filter((d) => d.severity !== 'info' && d.severity !== 'note') : diagnostics;
  for (const d of shown) io.out(formatDiagnostic(source.file, d) + '\n');

  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const infos = diagnostics.length - errors - warnings;
  io.err(`${source.file}: ${count(errors, 'error')}, ${count(warnings, 'warning')}, ${infos} info${args.quiet && infos > 0 ? ' (hidden)' : ''}\n`);
  return errors > 0 ? EXIT_ERRORS : EXIT_OK;
}
