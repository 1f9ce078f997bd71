// A document's tool as the direct function handlers.py declares for it (name, docstring, signature),
// in the form the writer can write: shared by the export (export.ts) and the losses, which read the
// same function back to say what comes back (doc-losses.ts).
import type { Tool } from '../../../model';
import { annotationFor, HandlersWriteError, writeHandlers, type HandlerParamSpec, type HandlerSpec } from './handlers-write';

/**
 * The spec as it can be written: a docstring Pipecat would read back otherwise (a line that looks
 * like a section title, text that is only spaces) is left out rather than written wrong, so the
 * export never fails; the losses say what comes back (doc-losses.ts reads it back the same way).
 */
export function writableSpec(spec: HandlerSpec): HandlerSpec {
  const fits = (s: HandlerSpec) => { try { writeHandlers([s]); return true; } catch (error) { if (error instanceof HandlersWriteError) return false; throw error; } };
  if (fits(spec)) return spec;
  const params = spec.params.map((p) => (p.description !== undefined && fits({ ...spec, description: '', params: [p] }) ? p : { ...p, description: undefined }));
  const withParams = { ...spec, params };
  if (fits(withParams)) return withParams;
  return { ...withParams, description: '' };
}


const PYTHON_KEYWORDS = new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '));

/** A name handlers.py can give a function or a parameter (ASCII, as Callboard writes it; not a keyword, not flow_manager). */
export const isPythonName = (name: string): boolean => /^[A-Za-z_]\w*$/.test(name) && !PYTHON_KEYWORDS.has(name) && name !== 'flow_manager';

/** A tool as a direct function: its description the docstring, its parameters the signature. */
export function handlerSpec(tool: Tool): HandlerSpec {
  const properties = (tool.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((tool.parameters.required as string[] | undefined) ?? []);
  const params: HandlerParamSpec[] = Object.entries(properties).filter(([name]) => isPythonName(name)).map(([name, schema]) => {
    const { annotation } = annotationFor(schema);
    const description = typeof schema.description === 'string' && schema.description.trim() ? schema.description : undefined;
    // An optional parameter defaults to None under its own annotation, so Pipecat derives the schema the tool has (Optional[…] would add null).
    return { name, ...(annotation ? { annotation } : {}), ...(required.has(name) ? {} : { default: 'None' }), ...(description ? { description } : {}) };
  });
  return { name: tool.name, description: tool.description, params };
}
