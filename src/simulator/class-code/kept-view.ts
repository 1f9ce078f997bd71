// The view a Pinecall class keeps as code: a `render()` the importer could not read at all (it
// then keeps the method verbatim among `preserved.pinecall.members`), a `@render(Component)` class
// decorator (`preserved.pinecall.classDecorators`), or the children of a render() it did read that
// are no stage's section (`{!this.identified && <p>…</p>}`, `preserved.pinecall.renderExtras`: the
// export writes them after the sections). What that code renders for the state is the prompt's
// view (or, for extras, what follows the stage's instructions), so the simulator runs it
// (../view.ts) and the canvas says so. A class in Python keeps its view whole when it is more than
// one section per stage (`preserved.pinecallPython.view`, a Jinja template): the simulator renders
// that for the state as the SDK does (../jinja-view.ts); a class in Ruby likewise keeps
// `views/<slug>.erb` whole (the kept source `pinecallRubyView`), rendered as the gem does (../erb-view.ts).
//
// No TypeScript parser here, on purpose: the stage cards ask this on the page's thread, which must
// not load the compiler. A member is the render method when, past its comments and modifiers, it
// opens with `render(`; the importer keeps members as written, one member a string.
import type { AgentDocument } from '../../model';

export type KeptView =
  /** `render() { … }` as written (comments and all), a class member. */
  | { kind: 'method'; source: string }
  /** `@render(Name)`: Pinecall's view is `Name(this)`. */
  | { kind: 'component'; name: string; decorator: string }
  /** render()'s children that are no stage's section, as written; `source` is them as a render() of their own. */
  | { kind: 'extras'; children: string[]; source: string }
  /** A Python class's `views/<slug>.jinja` kept as written: Jinja beyond one section per stage. */
  | { kind: 'jinja'; source: string }
  /** A Ruby class's `views/<slug>.erb` kept as written: ERB beyond one section per stage. */
  | { kind: 'erb'; source: string };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The text from its first token on: leading white space, line comments and block comments dropped. */
function pastComments(text: string): string {
  let rest = text;
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('//')) {
      const end = rest.indexOf('\n');
      rest = end < 0 ? '' : rest.slice(end + 1);
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/');
      rest = end < 0 ? '' : rest.slice(end + 2);
    } else return rest;
  }
}

const RENDER_METHOD = /^(?:(?:public|protected|override|async)\s+)*render\s*(?:<[^>]*>\s*)?\(/;
const RENDER_DECORATOR = /^@\s*render\s*\(\s*([A-Za-z_$][\w$]*)\s*\)\s*;?\s*$/;

const cache = new WeakMap<object, KeptView | null>();

/** The class's kept view, if it keeps one; undefined for a document whose render() was read (or that has none). */
export function keptViewOf(doc: AgentDocument): KeptView | undefined {
  const jinja = doc.language === 'python' ? keptJinjaOf(doc) : doc.language === 'ruby' ? keptErbOf(doc) : undefined;
  if (jinja) return jinja;
  const kept = doc.preserved?.pinecall as Record<string, unknown> | undefined;
  if (!kept || typeof kept !== 'object') return undefined;
  const known = cache.get(kept);
  if (known !== undefined) return known ?? undefined;
  let view: KeptView | undefined;
  const method = strings(kept.members).find((m) => RENDER_METHOD.test(pastComments(m)));
  if (method !== undefined) view = { kind: 'method', source: method };
  else {
    for (const decorator of strings(kept.classDecorators)) {
      const found = RENDER_DECORATOR.exec(pastComments(decorator));
      if (found) {
        view = { kind: 'component', name: found[1], decorator };
        break;
      }
    }
  }
  const extras = strings(kept.renderExtras);
  if (!view && extras.length) view = { kind: 'extras', children: extras, source: `render() {\n  return (\n    <>\n${extras.join('\n')}\n    </>\n  );\n}` };
  cache.set(kept, view ?? null);
  return view;
}

const jinjaCache = new WeakMap<object, KeptView | null>();

/**
 * A Python class's kept Jinja view (the importer keeps it where it is not one section per stage),
 * while no stage has instructions of the document's own: then the export writes the view from the
 * instructions instead (python/export-text.ts), and so does the prompt.
 */
function keptJinjaOf(doc: AgentDocument): KeptView | undefined {
  const kept = doc.preserved?.pinecallPython as { view?: unknown } | undefined;
  if (!kept || typeof kept !== 'object' || typeof kept.view !== 'string') return undefined;
  if (doc.stages.some((s) => s.instructions.trim() !== '')) return undefined;
  const known = jinjaCache.get(kept);
  if (known !== undefined) return known ?? undefined;
  const view: KeptView = { kind: 'jinja', source: kept.view };
  jinjaCache.set(kept, view);
  return view;
}

/** The text of a file the Ruby import kept as written (`preserved.sources`, formats/kept-source.ts, read here as data: the engine imports only the model). */
export function keptRubyText(doc: AgentDocument, format: 'pinecallRuby' | 'pinecallRubyView'): string | undefined {
  const kept = (doc.preserved?.sources as Record<string, unknown> | undefined)?.[format];
  const text = kept && typeof kept === 'object' ? (kept as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : undefined;
}

const erbCache = new WeakMap<object, KeptView | null>();

/**
 * A Ruby class's kept ERB view (the importer keeps `views/<slug>.erb` as written, and reads no
 * instructions from it where it is not one section per stage), while no stage has instructions of
 * the document's own: then the export writes the view from the instructions, and so does the prompt.
 */
function keptErbOf(doc: AgentDocument): KeptView | undefined {
  const sources = doc.preserved?.sources;
  if (!sources || typeof sources !== 'object' || doc.stages.some((s) => s.instructions.trim() !== '')) return undefined;
  const known = erbCache.get(sources);
  if (known !== undefined) return known ?? undefined;
  const text = keptRubyText(doc, 'pinecallRubyView');
  const view: KeptView | null = text !== undefined && text.trim() !== '' ? { kind: 'erb', source: text } : null;
  erbCache.set(sources, view);
  return view ?? undefined;
}

/** Whether the kept view replaces the stages' instructions (render(), @render), rather than following them (extras). */
export const viewReplacesInstructions = (view: KeptView): boolean => view.kind !== 'extras';

/** Whether the Pinecall prompt's view of `doc` comes (in whole, or after the stage's instructions) from code it keeps. */
export function viewFromCode(doc: AgentDocument): boolean {
  return doc.target === 'pinecall' && keptViewOf(doc) !== undefined;
}
