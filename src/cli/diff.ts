// `callboard diff A B`: the semantic diff of two agents of any formats (model/diff), printed as
// text, JSON or a pull-request comment. Exit codes as diff(1): 0 same, 1 different, 2 trouble.
import { markFormatDetails } from '../formats/diff-formats';
import type { FileFormat } from '../formats/file-format';
import { modelViewChanges } from '../formats/model-view';
import { isFolderRefusal } from '../runtimes/pinecall/format';
import { diffAgents } from '../model/diff';
import type { AgentDocument } from '../model';
import { escapeInvisibleInJson } from '../model/invisible';
import type { DiffArgs } from './diff-args';
import { markdownReport, textReport } from './diff-report';
import { EXIT_USAGE, type CliIo } from './io';
import { formatDiagnostic, loadAgent, readSource } from './read';

export const EXIT_SAME = 0;
export const EXIT_DIFFERENT = 1;

async function load(io: CliIo, file: string, from: DiffArgs['from']): Promise<{ doc: AgentDocument; format: FileFormat } | undefined> {
  const source = readSource(io, file, from, 'diff');
  const loaded = await loadAgent(source, { fixTabs: false });
  if (!loaded.ok) {
    for (const d of loaded.diagnostics) io.err(formatDiagnostic(file, d) + '\n');
    return undefined;
  }
  if (loaded.kind !== 'agent') {
    io.err(`${file}: a list of tools, not an agent; diff compares whole agents\n`);
    return undefined;
  }
  // The agent's other warnings are lint's to say; a file beside it refused for leaving its folder is
  // said here too, since the comparison then goes without it (security issue 30).
  for (const d of loaded.diagnostics) if (d.severity === 'warning' && isFolderRefusal(d.message)) io.err(formatDiagnostic(file, d) + '\n');
  return { doc: loaded.doc, format: source.format };
}

export async function diffCommand(args: DiffArgs, io: CliIo): Promise<number> {
  const loadedA = await load(io, args.a, args.from);
  const loadedB = await load(io, args.b, args.from);
  if (!loadedA || !loadedB) return EXIT_USAGE;
  const [a, b] = [loadedA.doc, loadedB.doc];
  // Two formats: what only one of them can hold is a format detail, shown with --format-details.
  const marked = markFormatDetails(a, loadedA.format, b, loadedB.format, diffAgents(a, b, { layout: args.layout, format: args.formatDetails }));
  const differences = args.formatDetails ? marked : marked.filter((d) => d.apart !== 'format');
  const hidden = marked.length - differences.length;
  // JSON is data: the count of what was left out goes beside it, on standard error; the reports say it in their first line.
  if (hidden > 0 && args.output === 'json') {
    io.err(`note: ${hidden} difference${hidden === 1 ? '' : 's'} left out: what only one of the two formats (${loadedA.format}, ${loadedB.format}) can express; --format-details shows them\n`);
  }
  // JSON as data, its invisible characters written as \u escapes: the same values, and a reader of the text sees them.
  if (args.output === 'json') io.out(`${escapeInvisibleInJson(JSON.stringify(differences, null, 2))}\n`);
  else if (args.output === 'markdown') io.out(markdownReport(args.a, args.b, differences, modelViewChanges(a, b, differences), hidden));
  else io.out(textReport(args.a, args.b, differences, hidden));
  return differences.length ? EXIT_DIFFERENT : EXIT_SAME;
}
