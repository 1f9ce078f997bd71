// `callboard diff A B`: the semantic diff of two agents of any formats (model/diff), printed as
// text, JSON or a pull-request comment. Exit codes as diff(1): 0 same, 1 different, 2 trouble.
import { modelViewChanges } from '../formats/model-view';
import { isFolderRefusal } from '../formats/pinecall/source-files';
import { diffAgents } from '../model/diff';
import type { AgentDocument } from '../model';
import { escapeInvisibleInJson } from '../model/invisible';
import type { DiffArgs } from './diff-args';
import { markdownReport, textReport } from './diff-report';
import { EXIT_USAGE, type CliIo } from './io';
import { formatDiagnostic, loadAgent, readSource } from './read';

export const EXIT_SAME = 0;
export const EXIT_DIFFERENT = 1;

async function load(io: CliIo, file: string, from: DiffArgs['from']): Promise<AgentDocument | undefined> {
  const loaded = await loadAgent(readSource(io, file, from, 'diff'), { fixTabs: false });
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
  return loaded.doc;
}

export async function diffCommand(args: DiffArgs, io: CliIo): Promise<number> {
  const a = await load(io, args.a, args.from);
  const b = await load(io, args.b, args.from);
  if (!a || !b) return EXIT_USAGE;
  const differences = diffAgents(a, b, { layout: args.layout, format: args.formatDetails });
  // JSON as data, its invisible characters written as \u escapes: the same values, and a reader of the text sees them.
  if (args.output === 'json') io.out(`${escapeInvisibleInJson(JSON.stringify(differences, null, 2))}\n`);
  else if (args.output === 'markdown') io.out(markdownReport(args.a, args.b, differences, modelViewChanges(a, b, differences)));
  else io.out(textReport(args.a, args.b, differences));
  return differences.length ? EXIT_DIFFERENT : EXIT_SAME;
}
