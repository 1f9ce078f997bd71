// Pipecat Flows' file format as the formats floor sees every runtime's (formats/runtime-format.ts):
// `losses` on its own, light, because lint reads it on first paint; `format` brings the exporter.
import type { RuntimeFormat, ToolSpecsOf } from '../../../formats/runtime-format';
import { lossesOfPipecat } from './doc-losses';
import { HANDLERS_FILE } from './document';
import { exportPipecatFlow } from './export';
import { projectPipecat } from './project';

export const losses = lossesOfPipecat;

/** A Pipecat function is offered as its handler's schema, read into the tool at import. */
export const toolSpecs: ToolSpecsOf = () => undefined;

export const format: RuntimeFormat = {
  target: 'pipecat',
  fileFormat: 'flow',
  readFrom: ['flow'],
  losses,
  project: projectPipecat,
  exportFile: (doc, fileName) => {
    const flow = exportPipecatFlow(doc, fileName !== undefined && /\.json$/i.test(fileName) ? 'json' : undefined);
    // The handlers.py of the functions it references goes beside it: their schemas live in Python.
    return { text: flow.text, path: flow.fileName, fileName: flow.fileName, warnings: flow.warnings, notes: flow.notes, beside: [{ path: HANDLERS_FILE, text: flow.handlers }] };
  },
};
