// Formats (issue 5): export and import times of the 300-tool agent in each format, against a plain
// JSON.stringify / JSON.parse of the same document in the same run (the floor any format pays).
import { exportJson, importJson } from '../../src/formats/json';
import { exportBlockAgentYaml, importBlockAgentTools, importBlockAgentYaml, toolShape } from '../../src/runtimes/block-agent/format';
import { exportPinecallTs, loadPinecallImporter } from '../../src/runtimes/pinecall/format';
import { generateAgent } from '../generate-agent';
import type { Figure, Part, Target } from '../lib/results';
import { timePaired } from '../lib/timing';

const RUNS = Number(process.env.BENCH_FORMAT_RUNS ?? 5);

interface Targets {
  export: Target;
  import: Target;
}

function ok<T extends { ok: boolean }>(result: T, what: string): T {
  if (!result.ok) throw new Error(`${what} failed on the generated agent: ${JSON.stringify(result).slice(0, 500)}`);
  return result;
}

export async function formatsPart(): Promise<Part> {
  const { importPinecallTs } = await loadPinecallImporter();
  const doc = generateAgent();
  const json = exportJson(doc);
  const yaml = exportBlockAgentYaml(doc).text;
  const ts = exportPinecallTs(doc).text;
  const openai = JSON.stringify(doc.tools.map(toolShape), null, 2);

  const stringify = () => JSON.stringify(doc, null, 2);
  const parse = () => JSON.parse(json);

  // Issue 16: the YAML file is written and read within 100× the JSON floor of the same run.
  const yamlTargets: Targets = {
    export: { on: 'ratio-median', below: 100, text: 'under 100× JSON.stringify' },
    import: { on: 'ratio-median', below: 100, text: 'under 100× JSON.parse' },
  };
  const cases: { format: string; size: number; exportFn: () => unknown; importFn: () => unknown; targets?: Targets }[] = [
    { format: 'Block Agent YAML', size: yaml.length, exportFn: () => exportBlockAgentYaml(doc), importFn: () => ok(importBlockAgentYaml(yaml), 'YAML import'), targets: yamlTargets },
    { format: 'Pinecall TypeScript', size: ts.length, exportFn: () => exportPinecallTs(doc), importFn: () => ok(importPinecallTs(ts), 'TypeScript import') },
    { format: 'Callboard JSON', size: json.length, exportFn: () => exportJson(doc), importFn: () => ok(importJson(json), 'JSON import') },
    {
      format: 'OpenAI tools (all 300)', size: openai.length,
      exportFn: () => JSON.stringify(doc.tools.map(toolShape), null, 2),
      importFn: () => ok(importBlockAgentTools(openai), 'OpenAI tools import'),
    },
  ];
  const figures: Figure[] = [];
  const sizes: Record<string, number> = {};
  for (const c of cases) {
    sizes[c.format] = c.size;
    const exported = await timePaired(RUNS, c.exportFn, stringify);
    figures.push({ section: 'Formats', name: `${c.format}: export`, unit: 'ms', ...exported.figure, baseline: { name: 'JSON.stringify of the document', ...exported.baseline }, ...(c.targets && { target: c.targets.export }) });
    const imported = await timePaired(RUNS, c.importFn, parse);
    figures.push({ section: 'Formats', name: `${c.format}: import`, unit: 'ms', ...imported.figure, baseline: { name: 'JSON.parse of the document', ...imported.baseline }, ...(c.targets && { target: c.targets.import }) });
  }
  return {
    name: 'formats',
    figures,
    facts: { 'text size (characters)': sizes, runs: RUNS },
    notes: [
      'Node, in one process; one unmeasured warm-up run each; each format\'s runs alternate with its baseline\'s (JSON.stringify / JSON.parse of the same document), so both see the same machine. Imports include validation against the document schema. OpenAI tools import goes through the tool-list importer (the app\'s "add tools" path), which reads OpenAI\'s `{type: function, function: …}` entries.',
    ],
  };
}
