// `callboard convert`: an agent in, the chosen format out. Losses of the target go to standard
// error as "warning: <path>: <message>" (the exporters' own lossesFor list); the result alone
// goes to standard output or -o, so it can be piped.
import { exportAs } from '../formats/export-as';
import { toolShape } from '../runtimes/block-agent/format';
import { FILE_KINDS, kindOf } from '../formats/file-format';
import { runtimeFormatReading } from '../formats/runtime-formats';
import { DepthLimitError, type AgentDocument, type Loss, type Stage, type Tool } from '../model';
import type { ConvertArgs } from './args';
import { oneLineText } from '../model/visible-text';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIo } from './io';
import { BLOCKS_THE_REST, formatDiagnostic, loadAgent, readSource, type Diagnostic } from './read';
import { jsonText, type ConvertJson } from './json-shapes';
import { folderOf, joinPath, readGoldens, withGoldensFrom, writeGoldens } from './test-files';

interface Converted {
  text: string;
  warnings: Loss[];
  notes: string[];
  /** Files that go beside the output (a Python class's view), by their path from its folder. */
  beside?: { path: string; text: string }[];
}

/** The stage `--stage` names: by name, else by turn_id (ref), else by id. */
export function pickStage(doc: AgentDocument, wanted: string | undefined): Stage {
  const names = doc.stages.map((s) => oneLineText(s.name)).join(', ');
  if (wanted === undefined) {
    if (doc.stages.length === 1) return doc.stages[0];
    throw new UsageError(`--to openai needs --stage: the tools offered depend on the stage (stages: ${names})`, 'convert');
  }
  const stage = doc.stages.find((s) => s.name === wanted) ?? doc.stages.find((s) => s.ref === wanted) ?? doc.stages.find((s) => s.id === wanted);
  if (!stage) throw new UsageError(`--stage ${JSON.stringify(wanted)} names no stage of this agent (stages: ${names})`, 'convert');
  return stage;
}

const asJson = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** The agent through the one way out (formats/export-as.ts), as the export panel writes it, with the files that go beside it. */
function convertAgent(doc: AgentDocument, args: ConvertArgs): Converted {
  const view = exportAs(doc, args.to, args.to === 'openai' ? pickStage(doc, args.stage).id : null, args.output);
  return { text: view.text, warnings: view.losses, notes: view.notes, ...(view.beside ? { beside: view.beside } : {}) };
}

/** A list of tools (not an agent) written back as a tool list, as data, or as OpenAI tools. */
function convertTools(tools: Tool[], args: ConvertArgs): Converted | string {
  if (args.to === 'json') return { text: asJson(tools), warnings: [], notes: [] };
  if (args.to === 'openai') {
    if (args.stage !== undefined) return 'a list of tools has no stages: leave out --stage';
    return { text: asJson(tools.map(toolShape)), warnings: [], notes: [] };
  }
  const writeToolList = kindOf(args.to).holdsToolLists ? runtimeFormatReading(args.to)?.writeToolList : undefined;
  if (writeToolList) return { text: writeToolList(tools), warnings: [], notes: [] };
  const lists = FILE_KINDS.filter((k) => k.holdsToolLists).map((k) => k.format);
  return `this is a list of tools, not a whole agent: a ${kindOf(args.to).label} file holds a whole agent, with stages; convert it to ${[...lists, 'json'].join(', ')} or openai, or add it to an agent in the app`;
}

/** What convert says besides its result; printed as lines, or gathered into a ConvertJson with --json. */
class Said {
  readonly json: ConvertJson;
  constructor(private readonly io: CliIo, private readonly args: ConvertArgs, file: string) {
    this.json = { command: 'convert', ok: false, file, to: args.to, output: null, written: [], losses: [], notes: [], diagnostics: [] };
  }
  diagnostic(d: Diagnostic) {
    if (this.args.json) this.json.diagnostics.push(d);
    else this.io.err(formatDiagnostic(this.json.file, d) + '\n');
  }
  /** An error about the whole file (no line, no path). */
  error(message: string) {
    if (this.args.json) this.json.diagnostics.push({ severity: 'error', message });
    else this.io.err(`${this.json.file}: error: ${message}\n`);
  }
  loss(w: Loss) {
    if (this.args.json) this.json.losses.push({ path: w.path || '/', message: w.message });
    // A warning is one line; the names and texts it quotes come from the file.
    else this.io.err(`warning: ${oneLineText(w.path || '/')}: ${oneLineText(w.message)}\n`);
  }
  note(note: string) {
    if (this.args.json) this.json.notes.push(note);
    else this.io.err(`note: ${oneLineText(note)}\n`);
  }
  hint(hint: string | undefined) {
    if (hint) this.io.err(`hint: ${hint}\n`);
  }
  /** The exit code; with --json, the document goes out first. */
  done(code: number): number {
    this.json.ok = code === EXIT_OK;
    if (this.args.json) this.io.out(jsonText(this.json));
    return code;
  }
}

export async function convert(args: ConvertArgs, io: CliIo): Promise<number> {
  const source = readSource(io, args.file, args.from, 'convert');
  const said = new Said(io, args, source.file);
  const loaded = await loadAgent(source, { fixTabs: args.fixTabs });
  if (!loaded.ok) {
    if (!loaded.partial) {
      for (const d of loaded.diagnostics) said.diagnostic(d);
      if (loaded.blocksTheRest) said.diagnostic({ severity: 'note', message: BLOCKS_THE_REST });
    } else {
      // The rest of the agent was read: its lint errors and warnings come in the same run, so one fix does not reveal the next.
      const { failedLoadDiagnostics } = await import('./lint');
      const all = await failedLoadDiagnostics(loaded, source.format);
      for (const d of all.filter((d) => d.severity !== 'info')) said.diagnostic(d);
    }
    said.hint(loaded.hint);
    return said.done(EXIT_ERRORS);
  }
  for (const d of loaded.diagnostics) said.diagnostic(d);

  if (loaded.kind === 'agent' && args.to === 'openai' && loaded.doc.stages.length === 0) {
    said.error('the agent has no stages, so no tools are offered anywhere');
    return said.done(EXIT_ERRORS);
  }
  // An agent's tests travel beside it as tests/*.golden.json: read in here, written out below.
  const withTests = loaded.kind === 'agent' ? withGoldensFrom(io, loaded.doc, readGoldens(io, source.file, undefined, 'convert')) : undefined;
  let converted: Converted | string;
  try {
    converted = loaded.kind === 'agent' ? await convertAgent(withTests!.doc, args) : convertTools(loaded.tools, args);
  } catch (error) {
    // A value nested past MAX_DEPTH (lint's value-too-deep): the exporters refuse it, at its path.
    if (!(error instanceof DepthLimitError)) throw error;
    said.diagnostic({ severity: 'error', message: error.reason, path: error.path });
    return said.done(EXIT_ERRORS);
  }
  if (typeof converted === 'string') {
    said.error(converted);
    return said.done(EXIT_ERRORS);
  }
  for (const w of converted.warnings) said.loss(w);
  for (const note of converted.notes) said.note(note);

  const done = withTests?.failed ? EXIT_ERRORS : EXIT_OK;
  // A JSON document carries its tests; a runtime's file has no place for them (they go beside it), and an OpenAI tools array is no agent.
  const tests = withTests && args.to !== 'json' && args.to !== 'openai' ? (withTests.doc.tests ?? []) : [];
  const beside = converted.beside ?? [];
  if (args.output === undefined) {
    if (tests.length) said.note(`the agent's ${tests.length} test(s) are not in the output: give -o FILE to write them as tests/*.golden.json beside it`);
    for (const file of beside) said.note(`${file.path} is not in the output: give -o FILE to write it beside the class, where the SDK reads it`);
    if (args.json) said.json.output = converted.text;
    else (io.outFile ?? io.out)(converted.text);
    return said.done(done);
  }
  try {
    io.writeText(args.output, converted.text);
    said.json.written.push(args.output);
    for (const file of beside) {
      const path = joinPath(folderOf(args.output), file.path);
      io.writeText(path, file.text);
      said.json.written.push(path);
    }
    if (tests.length) said.json.written.push(...writeGoldens(io, withTests!.doc, args.output));
  } catch (error) {
    io.err(`callboard: cannot write ${args.output}${beside.length ? ' and its view' : ''}${tests.length ? ' and its tests' : ''}: ${error instanceof Error ? error.message : String(error)}\n`);
    return said.done(EXIT_ERRORS);
  }
  return said.done(done);
}
