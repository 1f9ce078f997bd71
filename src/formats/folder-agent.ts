// Which file of a folder is the agent (issue 12): a .zip or a dropped folder may hold a Pinecall
// agent beside its base class and helpers. Pure and regex-only (no TypeScript parser: the .zip
// worker runs it, and must stay small); the importer then reads the others through SourceFiles.
import type { BundleFile } from './bundle';
import { folderOf, joinPath } from '../runtimes/pinecall/format';

const PINECALL_FILE = /\.tsx?$/i;
const PYTHON_FILE = /\.py$/i;
const RUBY_FILE = /\.rb$/i;
/** A Python or Ruby class's view (`views/<slug>.jinja`, `views/<slug>.erb`): read beside the class, never an agent itself. */
const VIEW_FILE = /\.(jinja|erb)$/i;
/** A Pinecall class in Ruby: `class X < Pinecall::Agent`. */
const rubyAgent = (text: string) => /^\s*class\s+[A-Z]\w*\s*<\s*(?:::)?Pinecall::Agent\b/m.test(text);
/** A Pinecall class in Python: `class X(Agent):` (or `pinecall.Agent`). */
const pythonAgent = (text: string) => /^class\s+\w+\(\s*(?:pinecall\.)?Agent\s*[,)]/m.test(text);
const OTHER_AGENT_FILE = /\.(ya?ml|json)$/i;

export type PickedAgent =
  | { ok: true; agent: BundleFile; siblings: BundleFile[] }
  | { ok: false; message: string };

/** The paths a TypeScript file imports by a relative path, resolved as source-files.ts would try them (without extension). */
function importedStems(file: BundleFile): string[] {
  const out: string[] = [];
  for (const match of file.text.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']*)["']/g)) {
    const joined = joinPath(folderOf(file.path), match[1]);
    if (joined !== undefined) out.push(joined.replace(/\.(tsx?|jsx?)$/i, '').replace(/\/index$/, ''));
  }
  return out;
}

const stem = (path: string) => path.replace(/\.(tsx?)$/i, '');
/** Written like an agent class: one that extends a class, or has `@tool` methods. */
const looksLikeAgent = (text: string) => /\bclass\s+[\w$]+\s+extends\s+[\w$.]+/.test(text) || /@tool\s*\(/.test(text);

/**
 * The agent among `files` (every one an agent format, goldens excluded): the only one; else, of
 * the TypeScript files that look like an agent class, the one no other file imports (a base class
 * is imported by its subclass), then the one with `export default class`. The other TypeScript
 * files come along as its siblings. Several YAML or JSON agents, or no way to tell, is refused.
 */
export function pickAgentFile(all: readonly BundleFile[], where = 'the .zip'): PickedAgent {
  const views = all.filter((f) => VIEW_FILE.test(f.path));
  const files = all.filter((f) => !VIEW_FILE.test(f.path));
  const python = files.filter((f) => PYTHON_FILE.test(f.path));
  if (python.length > 0 && python.length === files.length) {
    // A Python agent's folder: the class that extends Agent; its other modules and its views come along.
    const classes = python.filter((f) => pythonAgent(f.text));
    if (classes.length !== 1) {
      const named = classes.length ? classes : python;
      return { ok: false, message: `${where} holds ${classes.length === 0 ? 'no' : classes.length} Pinecall class${classes.length === 1 ? '' : 'es'} in Python (class <Name>(Agent):) among ${named.map((a) => a.path).join(', ')}: keep one agent, with its views/<slug>.jinja beside it` };
    }
    return { ok: true, agent: classes[0], siblings: [...python.filter((f) => f !== classes[0]), ...views] };
  }
  const ruby = files.filter((f) => RUBY_FILE.test(f.path));
  if (ruby.length > 0 && ruby.length === files.length) {
    // A Ruby agent's folder: the class that inherits Pinecall::Agent; its other files and its views come along.
    const classes = ruby.filter((f) => rubyAgent(f.text));
    if (classes.length !== 1) {
      const named = classes.length ? classes : ruby;
      return { ok: false, message: `${where} holds ${classes.length === 0 ? 'no' : classes.length} Pinecall class${classes.length === 1 ? '' : 'es'} in Ruby (class <Name> < Pinecall::Agent) among ${named.map((a) => a.path).join(', ')}: keep one agent, with its views/<slug>.erb beside it` };
    }
    return { ok: true, agent: classes[0], siblings: [...ruby.filter((f) => f !== classes[0]), ...views] };
  }
  if (files.length === 0) return { ok: false, message: `${where} holds no agent file (.yaml, .tsx, .ts, .py, .rb or .json): put the agent beside its tests/ folder` };
  if (files.length === 1) return { ok: true, agent: files[0], siblings: [] };
  const typescript = files.filter((f) => PINECALL_FILE.test(f.path));
  const others = files.filter((f) => OTHER_AGENT_FILE.test(f.path));
  const several = () => `${where} holds ${files.length} agent files (${files.map((a) => a.path).join(', ')}): keep one agent with its tests/*.golden.json`;
  if (others.length > 0) return { ok: false, message: several() };
  const imported = new Set(typescript.flatMap(importedStems));
  let candidates = typescript.filter((f) => looksLikeAgent(f.text) && !imported.has(stem(f.path)) && !imported.has(stem(f.path).replace(/\/index$/, '')));
  if (candidates.length > 1) {
    const defaults = candidates.filter((f) => /\bexport\s+default\s+class\b/.test(f.text));
    if (defaults.length >= 1) candidates = defaults;
  }
  if (candidates.length !== 1) {
    const named = candidates.length ? candidates : typescript;
    return { ok: false, message: `${where} holds ${named.length} Pinecall agent classes that no other file imports (${named.map((a) => a.path).join(', ')}): keep one agent, with its base class and helpers beside it` };
  }
  const agent = candidates[0];
  return { ok: true, agent, siblings: typescript.filter((f) => f !== agent) };
}
