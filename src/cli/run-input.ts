// The agent `simulate` and `test` run: read and imported as every command reads a file (read.ts),
// and then held to what running needs, the same way for both.
import type { AgentDocument } from '../model';
import type { FileFormat } from '../formats/file-format';
import { EXIT_ERRORS, type CliIo } from './io';
import { formatDiagnostic, loadAgent, readSource, reportFailure } from './read';

export interface RunInputArgs {
  file: string;
  from?: FileFormat;
  fixTabs: boolean;
}

export type RunInput = { ok: true; file: string; doc: AgentDocument } | { ok: false; exit: number };

/**
 * The whole agent of `args.file`. Import warnings and errors go to standard error (standard output
 * is the command's own: events, a report); a list of tools is refused, saying what `command` needs.
 */
export async function readRunInput(io: CliIo, args: RunInputArgs, command: string, needs: string): Promise<RunInput> {
  const source = readSource(io, args.file, args.from, command);
  const loaded = await loadAgent(source, { fixTabs: args.fixTabs });
  if (!loaded.ok) return { ok: false, exit: reportFailure(io, source.file, loaded) };
  if (loaded.kind !== 'agent') {
    io.err(`${source.file}: a list of tools, not an agent: ${command} needs ${needs}\n`);
    return { ok: false, exit: EXIT_ERRORS };
  }
  for (const d of loaded.diagnostics) if (d.severity === 'warning' || d.severity === 'error') io.err(formatDiagnostic(source.file, d) + '\n');
  return { ok: true, file: source.file, doc: loaded.doc };
}
