// Pinecall's file format as the formats floor sees every runtime's (formats/runtime-format.ts):
// `losses` on its own, light, because lint reads it on first paint; `format` brings the exporter.
import type { AgentDocument, Loss } from '../../../model';
import { slugOf } from '../../../model/names';
import type { RuntimeFormat } from '../../../formats/runtime-format';
import { exportPinecallTs } from './export';
import { lossesOfPinecall } from './losses';
import { projectPinecall } from './project';
import { lossesOfPinecallPython } from './python/losses';

/** A Pinecall class in Python is written back as Python: its losses are the Python export's. */
export const losses = (doc: AgentDocument): Loss[] => (doc.language === 'python' ? lossesOfPinecallPython(doc) : lossesOfPinecall(doc));

export const format: RuntimeFormat = {
  target: 'pinecall',
  fileFormat: 'ts',
  readFrom: ['ts', 'py'],
  losses,
  project: projectPinecall,
  exportFile: (doc) => {
    const { jsx, normalised: _lines, ...file } = exportPinecallTs(doc);
    return { ...file, fileName: `${slugOf(doc.name)}.${jsx ? 'tsx' : 'ts'}` };
  },
};
