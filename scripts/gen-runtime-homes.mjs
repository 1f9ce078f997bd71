// Writes the tables that list every runtime, one on each floor a runtime's home stands on, from the
// schema's Target. Adding a runtime is its home (src/runtimes/<runtime>/, with the parts below) and
// its name in Target's enum (src/model/agent.schema.json): one line; `npm run gen:types` writes the
// rest. The floors forbid one table for all (the model may not read the formats, nor the formats
// the engine), so each floor has its own, and none is edited by hand: test/runtime-homes.test.ts
// fails when one is not what this script writes.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Each part a home must have, the names it must export, and an example to copy. `module` is the
 * import path from the table's folder, without the extension.
 */
export const HOME_PARTS = [
  { file: 'traits.ts', module: 'traits', exports: ['traits'], write: 'export const traits: RuntimeTraits = { label, … }', floor: 'the model' },
  { file: 'format/index.ts', module: 'format', exports: ['losses', 'toolSpecs', 'format', 'files'], write: "export { losses, toolSpecs, format } from './runtime-format' (a RuntimeFormat) and export { files } from './files'", floor: 'the formats' },
  { file: 'format/files.ts', module: 'format', exports: ['files'], write: "export const files: readonly FileKind[] = [{ format: 'x', label, extension, read, … }] (the kinds of file it is written in)", floor: 'the formats' },
  { file: 'engine/index.ts', module: 'engine', exports: ['engine'], write: "export { myEngine as engine } from './engine' (an Engine)", floor: "the engine's" },
  { file: 'facts.ts', module: 'facts', exports: ['facts'], write: 'export const facts: RuntimeFacts = { target, … }', floor: 'the runtimes' },
];

const BANNER = (what) => `// Written by \`npm run gen:types\` (scripts/gen-runtime-homes.mjs) from the schema's Target:
// ${what},
// one line per runtime's home (src/runtimes/<runtime>/). Do not edit by hand: add a runtime to
// Target's enum in src/model/agent.schema.json and run it again (test/runtime-homes.test.ts
// checks this file).
`;

/** `block-agent` → `blockAgent`: the name a table imports a home's part as. */
export const identifierOf = (target) => target.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const key = (target) => (/^[A-Za-z_$][\w$]*$/.test(target) ? target : `'${target}'`);
const entry = (target, name) => (key(target) === name ? `  ${name},` : `  ${key(target)}: ${name},`);

/** The runtimes the schema names, in its order (the order the app lists them). */
export function schemaTargets(root = ROOT) {
  const schema = JSON.parse(readFileSync(join(root, 'src/model/agent.schema.json'), 'utf8'));
  return schema.$defs?.Target?.enum ?? schema.definitions?.Target?.enum;
}

/** What `text` exports by `name`: `export const name`, `export function name`, or `export { … name … }` (also `x as name`). */
const exportsName = (text, name) =>
  new RegExp(`export\\s+(?:const|let|function|class)\\s+${name}\\b`).test(text) ||
  [...text.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g)].some((m) => m[1].split(',').some((s) => s.trim().split(/\s+as\s+/).pop() === name));

/**
 * The tables for `targets`, and every problem with the homes, all in one pass: a part missing or
 * not exporting its name, a home the schema does not name. `files` is written only when there is none.
 */
export function generateRuntimeHomes(root = ROOT, targets = schemaTargets(root)) {
  const problems = [];
  for (const target of targets) {
    for (const part of HOME_PARTS) {
      const path = `src/runtimes/${target}/${part.file}`;
      if (!existsSync(join(root, path))) {
        problems.push(`${path}: missing. Runtime "${target}" is in the schema's Target, so its home needs this part (on ${part.floor} floor): ${part.write}; see src/runtimes/pipecat/${part.file}.`);
        continue;
      }
      const text = readFileSync(join(root, path), 'utf8');
      for (const name of part.exports) {
        if (!exportsName(text, name)) problems.push(`${path}: exports no \`${name}\`. Write ${part.write}.`);
      }
    }
  }
  const runtimesDir = join(root, 'src/runtimes');
  for (const name of readdirSync(runtimesDir)) {
    if (statSync(join(runtimesDir, name)).isDirectory() && !targets.includes(name)) {
      problems.push(`src/runtimes/${name}/: a runtime's home the schema does not name. Add "${name}" to Target's enum in src/model/agent.schema.json, then run \`npm run gen:types\`.`);
    }
  }
  // The file formats the homes' kinds declare (format/files.ts: `format: 'yaml'`), for the type FileFormat.
  const formats = ['json'];
  for (const target of targets) {
    const path = `src/runtimes/${target}/format/files.ts`;
    if (!existsSync(join(root, path))) continue; // named missing with the other parts, above
    const declared = [...readFileSync(join(root, path), 'utf8').matchAll(/^\s*format:\s*'([a-z][a-z0-9-]*)'/gm)].map((m) => m[1]);
    if (declared.length === 0) problems.push(`${path}: declares no kind of file (a line \`format: 'x',\` in each of its FileKinds).`);
    for (const format of declared) {
      if (formats.includes(format)) problems.push(`${path}: the file format '${format}' is another kind's already; name it apart.`);
      else formats.push(format);
    }
  }
  const imports = (names, from) => targets.map((t) => `import { ${names.map((n) => `${n} as ${identifierOf(t)}${n === names[0] && names.length === 1 ? '' : n[0].toUpperCase() + n.slice(1)}`).join(', ')} } from '${from(t)}';`).join('\n');
  const record = (suffix) => targets.map((t) => entry(t, `${identifierOf(t)}${suffix}`)).join('\n');
  const files = {
    'src/model/runtime-homes.ts': `${BANNER("every runtime's traits (model/runtime-traits.ts)")}import type { RuntimeTraits } from './runtime-traits';
import type { Target } from './types';
${imports(['traits'], (t) => `../runtimes/${t}/traits`)}

/** Every runtime's traits, in the schema's order: the order the app lists them (TARGETS, model/loss.ts). */
export const RUNTIME_TRAITS: Record<Target, RuntimeTraits> = {
${record('')}
};
`,
    'src/formats/runtime-homes.ts': `${BANNER("every runtime's file format and losses (formats/runtime-format.ts)")}import type { AgentDocument, Loss, Target } from '../model';
import type { FileKind } from './file-kind';
import type { RuntimeFormat, ToolSpecsOf } from './runtime-format';
${imports(['losses', 'toolSpecs', 'format', 'files'], (t) => `../runtimes/${t}/format`)}

/**
 * Every runtime's losses, apart from its format: lint reads them on first paint, and the bundler
 * leaves the exporters that RUNTIME_FORMATS brings out of it as long as nothing there reads that.
 */
export const LOSSES: Record<Target, (doc: AgentDocument) => Loss[]> = {
${record('Losses')}
};

/**
 * The tool specs each runtime's own code builds for a document's tools, where they are not the
 * tools' own (a Pinecall class in Python: pydantic's schemas), for a step's StepDeps.toolSpecs.
 * Light, as LOSSES: a run's worker reads it.
 */
export const TOOL_SPECS: Record<Target, ToolSpecsOf> = {
${record('ToolSpecs')}
};

/** Every runtime's file format: what it is read from, its exporter, its round-trip oracle. */
export const RUNTIME_FORMATS: Record<Target, RuntimeFormat> = {
${record('Format')}
};

/** The kinds of file every runtime is written in (file-kind.ts): light, each loading its reader on first use. */
export const RUNTIME_FILE_KINDS: readonly FileKind[] = [
${targets.map((t) => `  ...${identifierOf(t)}Files,`).join('\n')}
];
`,
    'src/formats/file-format-names.ts': `${BANNER("the name of every kind of agent file, Callboard's JSON and each runtime's (format/files.ts)")}
/** The kinds of agent file: Callboard's own JSON, and each runtime's, as its home's files.ts declares them. */
export type FileFormat = ${formats.map((f) => `'${f}'`).join(' | ')};
`,
    'src/simulator/runtime-homes.ts': `${BANNER("every runtime's step engine (simulator/engine.ts)")}import type { Target } from '../model';
import type { Engine } from './engine';
${imports(['engine'], (t) => `../runtimes/${t}/engine`)}

/** Every runtime's step engine. */
export const ENGINES: Record<Target, Engine> = {
${record('')}
};
`,
    'src/runtimes/runtime-homes.ts': `${BANNER("every runtime's light facts (runtime-facts.ts)")}import type { RuntimeFacts } from './runtime-facts';
${imports(['facts'], (t) => `./${t}/facts`)}

/** Every runtime's facts, in the schema's order: the order the runtime switch lists them. */
export const RUNTIME_FACTS: readonly RuntimeFacts[] = [
${targets.map((t) => `  ${identifierOf(t)},`).join('\n')}
];
`,
  };
  return { files, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, problems } = generateRuntimeHomes();
  if (problems.length) {
    console.error(`The runtimes' homes are not complete; nothing was written:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(join(ROOT, path), text);
    console.log(`wrote ${path}`);
  }
}
