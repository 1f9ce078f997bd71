// Pinecall's file format as the formats floor sees every runtime's (formats/runtime-format.ts):
// `losses` on its own, light, because lint reads it on first paint; `format` brings the exporter.
import type { AgentDocument, Loss } from '../../../model';
import { slugOf } from '../../../model/names';
import type { RuntimeFormat, ToolSpecsOf } from '../../../formats/runtime-format';
import { exportPinecallTs } from './export';
import { exportPinecallPython } from './python/export';
import { lossesOfPinecall } from './losses';
import { projectPinecall } from './project';
import { lossesOfPinecallPython } from './python/losses';
import { exportPinecallRuby } from './ruby/export';
import { lossesOfPinecallRuby } from './ruby/losses';
import { rubyToolSpec } from './ruby/spec';
import { pinecallPythonToolSpecs } from './python/spec';

/** A Pinecall class is written back in its own language: its losses are that export's. */
export const losses = (doc: AgentDocument): Loss[] =>
  (doc.language === 'python' ? lossesOfPinecallPython(doc) : doc.language === 'ruby' ? lossesOfPinecallRuby(doc) : lossesOfPinecall(doc));

/** A class in Python is offered as the SDK builds its tools (pydantic's schemas from the hints); one in Ruby as the gem does (Spec.build). */
export const toolSpecs: ToolSpecsOf = (doc, tools) => (doc.language === 'ruby'
  ? tools.map(rubyToolSpec).map(({ name, description, parameters }) => ({ name, description, parameters }))
  : pinecallPythonToolSpecs(doc, tools));

export const format: RuntimeFormat = {
  target: 'pinecall',
  fileFormat: 'ts',
  readFrom: ['ts', 'py', 'rb'],
  losses,
  project: projectPinecall,
  exportFile: (doc, _fileName, as) => {
    if (as === 'py') {
      // A class in Python; its view (views/<slug>.jinja) goes beside it, by its path from the class's folder.
      const py = exportPinecallPython(doc);
      const folder = py.path.slice(0, py.path.lastIndexOf('/') + 1);
      const beside = py.files.slice(1).map((f) => ({ path: f.path.slice(folder.length), text: f.text }));
      return { text: py.text, path: py.path, fileName: `${slugOf(doc.name)}.py`, warnings: py.warnings, notes: py.notes, ...(beside.length ? { beside } : {}) };
    }
    if (as === 'rb') {
      // A class in Ruby; its view (views/<slug>.erb) beside it. Its losses are computed from its own read-back.
      const rb = exportPinecallRuby(doc);
      const folder = rb.path.slice(0, rb.path.lastIndexOf('/') + 1);
      const beside = rb.files.slice(1).map((f) => ({ path: f.path.slice(folder.length), text: f.text }));
      return { text: rb.text, path: rb.path, fileName: `${slugOf(doc.name)}.rb`, warnings: lossesOfPinecallRuby(doc), notes: [], ...(beside.length ? { beside } : {}) };
    }
    const { jsx, normalised: _lines, ...file } = exportPinecallTs(doc);
    return { ...file, fileName: `${slugOf(doc.name)}.${jsx ? 'tsx' : 'ts'}` };
  },
};
