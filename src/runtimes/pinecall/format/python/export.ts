// The Python export of a Pinecall agent (export-text.ts writes it), merged into the class file it
// was imported from where the import kept one (kept-source.ts), and read back before the merge is
// used. Apart from export-text.ts so that the importer, which writes its baseline with the
// exporter's text, never imports this module's read-back: no circle.
import type { AgentDocument } from '../../../../model';
import { keptSourceOf, mergeIntoSource, rewrittenNote, rewrittenWhole, sortedJson, type KeptSource } from '../../../../formats/kept-source';
import { normalizeForComparison } from '../project';
import { writePinecallPython, type KeptMerge, type PinecallPythonExport } from './export-text';
import { importPinecallPython } from './import';

export * from './export-text';

const TOO_DIFFERENT = 'it differs too much from the imported file to merge the edits into that file';

/**
 * The exporter's text merged into the imported class file, when the import kept it; else the
 * exporter's text. A line merge of Python is trusted only once the class reads as the exporter's
 * own text does (sections of a docstring, a signature over several lines: an edit may meet the
 * user's layout there), the plain merge first, then the stricter one; else the class is written
 * whole and the note says so.
 */
const mergedWithKept: KeptMerge = (doc, fresh) => {
  const kept = keptSourceOf(doc, 'pinecallPython');
  if (!kept?.baseline) return { text: fresh, notes: [], normalised: [] };
  const whole = (why: string) => ({ text: fresh, normalised: [rewrittenWhole(kept.text, fresh, why)], notes: [`the class is written whole in Callboard's layout: ${why}`] });
  let wanted: string | undefined;
  for (const strict of [false, true]) {
    const merged = mergeIntoSource(doc.preserved!.sources!.pinecallPython as KeptSource, fresh, undefined, strict);
    if (!merged) return whole(TOO_DIFFERENT);
    const done = { text: merged.text, notes: merged.rewritten.map(rewrittenNote), normalised: merged.rewritten };
    if (merged.text === kept.text) return done;
    wanted ??= meaningOf(fresh);
    if (wanted !== undefined && meaningOf(merged.text) === wanted) return done;
  }
  return whole('merging the edits into the imported file would change what it says');
};

/** What a class file says, ids and layout aside. */
function meaningOf(text: string): string | undefined {
  const read = importPinecallPython(text);
  return read.ok ? sortedJson(normalizeForComparison(read.doc)) : undefined;
}

export function exportPinecallPython(doc: AgentDocument): PinecallPythonExport {
  return writePinecallPython(doc, mergedWithKept);
}
