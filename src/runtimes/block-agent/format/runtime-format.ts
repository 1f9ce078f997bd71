// Block Agent's file format as the formats floor sees every runtime's (formats/runtime-format.ts):
// `losses` on its own, light, because lint reads it on first paint; `format` brings the exporter.
import { slugOf } from '../../../model/names';
import type { RuntimeFormat, ToolSpecsOf } from '../../../formats/runtime-format';
import { exportBlockAgentYaml } from './export';
import { renderYaml } from './render';
import { writeTool } from './write';
import { lossesOfBlockAgent } from './losses';
import { projectBlockAgent } from './project';

export const losses = lossesOfBlockAgent;

/** A Block Agent tool is offered as written. */
export const toolSpecs: ToolSpecsOf = () => undefined;

export const format: RuntimeFormat = {
  target: 'block-agent',
  fileFormat: 'yaml',
  readFrom: ['yaml'],
  losses,
  project: projectBlockAgent,
  exportFile: (doc) => ({ ...withoutLines(exportBlockAgentYaml(doc)), path: `${slugOf(doc.name)}.yaml`, fileName: `${slugOf(doc.name)}.yaml` }),
  writeToolList: (tools) => {
    // Rendered as the value of one key, so prose gets the exporter's styling, then that key is taken off.
    const lines = renderYaml({ tools: tools.map(writeTool) }).split('\n').slice(1);
    return lines.map((l) => l.replace(/^ {2}/, '')).join('\n');
  },
};

/** The export's notes say in sentences what its `normalised` lines say as line numbers. */
const withoutLines = <T extends { normalised: unknown }>({ normalised: _lines, ...rest }: T): Omit<T, 'normalised'> => rest;
