// What each runtime's file format is to the rest of the formats floor: its file, its losses, its
// round-trip oracle and its exporter. A Record over Target, so a new runtime in the schema does not
// compile until it has a format here (README, "Architecture": adding a runtime). The importers are
// import-any.ts's (one reads a Pinecall class in a worker, so it is handed in there).
import type { AgentDocument, Loss, Target } from '../model';
import { slugOf } from '../model/names';
import { exportBlockAgentYaml, projectBlockAgent } from '../runtimes/block-agent/format';
import type { FileFormat } from './file-format';
import { lossesFor } from './losses';
import { exportPinecallTs, projectPinecall } from '../runtimes/pinecall/format';
import { exportPipecatFlow, HANDLERS_FILE, projectPipecat } from '../runtimes/pipecat/format';

export interface RuntimeFile {
  text: string;
  /** Where the file goes in a project: `agents/<slug>/agent.tsx`, `<slug>.yaml`. */
  path: string;
  /** The name a download saves it under: the agent's slug for every format (`<slug>.tsx` or `.ts`, `<slug>.yaml`). */
  fileName: string;
  /** lossesFor(doc, target): every path of the document the file does not express. */
  warnings: Loss[];
  /** What the export reordered or could not place, as sentences. */
  notes: string[];
  /** Files that go beside it, by their path from its folder (a flow's handlers.py). */
  beside?: { path: string; text: string }[];
}

export interface RuntimeFormat {
  target: Target;
  /** The format of the runtime's agent file: what it is written as. */
  fileFormat: Exclude<FileFormat, 'json'>;
  /** Every format an agent of this runtime is read from (a Pinecall class in TypeScript or Python). */
  readFrom: readonly Exclude<FileFormat, 'json'>[];
  losses(doc: AgentDocument): Loss[];
  /** The round-trip oracle: the document as this runtime's import gives it back (formats/project.ts). */
  project(doc: AgentDocument): AgentDocument;
  /** `fileName`: the name the file is to be saved under, where a format writes two syntaxes (a flow's .json). */
  exportFile(doc: AgentDocument, fileName?: string): RuntimeFile;
}

export const RUNTIME_FORMATS: Record<Target, RuntimeFormat> = {
  pinecall: {
    target: 'pinecall',
    fileFormat: 'ts',
    readFrom: ['ts', 'py'],
    losses: (doc) => lossesFor(doc, 'pinecall'),
    project: projectPinecall,
    exportFile: (doc) => {
      const { jsx, normalised: _lines, ...file } = exportPinecallTs(doc);
      return { ...file, fileName: `${slugOf(doc.name)}.${jsx ? 'tsx' : 'ts'}` };
    },
  },
  'block-agent': {
    target: 'block-agent',
    fileFormat: 'yaml',
    readFrom: ['yaml'],
    losses: (doc) => lossesFor(doc, 'block-agent'),
    project: projectBlockAgent,
    exportFile: (doc) => ({ ...withoutLines(exportBlockAgentYaml(doc)), path: `${slugOf(doc.name)}.yaml`, fileName: `${slugOf(doc.name)}.yaml` }),
  },
  pipecat: {
    target: 'pipecat',
    fileFormat: 'flow',
    readFrom: ['flow'],
    losses: (doc) => lossesFor(doc, 'pipecat'),
    project: projectPipecat,
    exportFile: (doc, fileName) => {
      const flow = exportPipecatFlow(doc, fileName !== undefined && /\.json$/i.test(fileName) ? 'json' : undefined);
      // The handlers.py of the functions it references goes beside it: their schemas live in Python.
      return { text: flow.text, path: flow.fileName, fileName: flow.fileName, warnings: flow.warnings, notes: flow.notes, beside: [{ path: HANDLERS_FILE, text: flow.handlers }] };
    },
  },
};

/** The export's notes say in sentences what its `normalised` lines say as line numbers. */
const withoutLines = <T extends { normalised: unknown }>({ normalised: _lines, ...rest }: T): Omit<T, 'normalised'> => rest;

/** The runtime whose agent file is `format` (none for Callboard's own JSON). */
export const runtimeFormatOf = (format: FileFormat): RuntimeFormat | undefined =>
  Object.values(RUNTIME_FORMATS).find((r) => r.fileFormat === format);

/** The runtime whose agent file `format` is, written or read (none for Callboard's own JSON). */
export const targetOfFileFormat = (format: string): Target | undefined =>
  Object.values(RUNTIME_FORMATS).find((r) => (r.readFrom as readonly string[]).includes(format))?.target;
