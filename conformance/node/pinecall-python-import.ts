// For conformance/checks/c12_pinecall_python_import.py: Pinecall classes written in Python by hand
// (the tuned part of test/fixtures/pinecall/python-corpus, and the e2e's python-folder), as
// Callboard imports them. Prints one JSON array on standard output:
//   name, path            the agent and its class file (absolute)
//   errors                the import's errors (none: it imported)
//   predicted             the tool specs Callboard sends for the imported class (pydantic's, predicted)
//   stages, opening       the stage names and the opening stage
//   calls                 scripted calls, one argument wrong at a time, and Callboard's Python
//                         argument check of each: the message, or the converted arguments
// Usage: npx tsx conformance/node/pinecall-python-import.ts
import { readdirSync } from 'node:fs';
import { folderFiles } from '../../src/runtimes/pinecall/format/python/testing';
import { fileURLToPath } from 'node:url';
import type { JsonSchema, Tool } from '../../src/model';
import { importPinecallPython, pyToolSpecs, sourceFilesOf } from '../../src/runtimes/pinecall/format';
import { checkPythonArguments } from '../../src/runtimes/pinecall/engine';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = [
  ...readdirSync(`${ROOT}test/fixtures/pinecall/python-corpus/tuned`).map((n) => `test/fixtures/pinecall/python-corpus/tuned/${n}`),
  'test/fixtures/pinecall/python-folder',
];

/** A value the schema takes, to hold every other argument right while one is wrong. */
function validValue(schema: JsonSchema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return 'a';
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return validValue((schema.anyOf as JsonSchema[])[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer': return 1;
    case 'number': return 1.5;
    case 'boolean': return true;
    case 'array': return [];
    case 'object': return Object.fromEntries((schema.required ?? []).map((m) => [m, validValue(schema.properties?.[m])]));
    default: return 'a';
  }
}

const WRONG: unknown[] = ['x', '25', ' 7 ', 2.5, 2.0, 0, true, 'yes', null, [1], {}, 'maybe'];

function calls(tool: Tool): { tool: string; arguments: Record<string, unknown> }[] {
  const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
  const base = Object.fromEntries((tool.parameters.required ?? []).map((p) => [p, validValue(properties[p])]));
  const out = [{ tool: tool.name, arguments: {} }, { tool: tool.name, arguments: { ...base, not_a_parameter: 1 } }];
  for (const name of Object.keys(properties)) for (const wrong of WRONG) out.push({ tool: tool.name, arguments: { ...base, [name]: wrong } });
  return out;
}

const out = FOLDERS.map((folder) => {
  const texts = folderFiles(`${ROOT}${folder}`);
  const read = importPinecallPython(texts['agent.py'], { folder: { agent: 'agent.py', files: sourceFilesOf(texts) } });
  const base = { name: folder.split('/').pop()!, path: `${ROOT}${folder}/agent.py` };
  if (!read.ok) return { ...base, errors: read.errors.map((e) => `${e.line}:${e.column} ${e.message}`) };
  const { doc } = read;
  return {
    ...base,
    errors: [],
    predicted: pyToolSpecs(doc),
    stages: doc.stages.map((s) => s.name),
    opening: doc.stages.find((s) => s.id === doc.entryStageId)?.name ?? null,
    calls: doc.tools.flatMap(calls).map((call) => {
      const checked = checkPythonArguments(doc.tools.find((t) => t.name === call.tool)!, call.arguments);
      return { ...call, message: checked.error ?? null, converted: checked.error ? null : checked.args };
    }),
  };
});
process.stdout.write(JSON.stringify(out));
