// The Ruby export of a Pinecall agent (write.ts lays it out), merged into the class file and the
// view it was imported from where the import kept them (kept-source.ts), so that an unchanged
// class comes back byte for byte and an edit changes only its own lines. The merged class is
// trusted only when it reads as the writer's own text does; else the class is written whole and
// a note says so. Apart from write.ts so that the importer, which writes its baseline with the
// writer, never imports this module's read-back: no circle.
import type { AgentDocument } from '../../../../model';
import { keptSourceOf, mergeIntoSource, rewrittenNote, sortedJson, type KeptSource } from '../../../../formats/kept-source';
import { normalizeForComparison } from '../project';
import { importPinecallRuby } from './import';
import { writePinecallRuby, type PinecallRubyExport } from './write';

export * from './write';

/** What a class file says, ids and layout aside. */
function meaningOf(text: string, view: string | undefined): string | undefined {
  const read = importPinecallRuby(text, view !== undefined ? { view } : {});
  return read.ok ? sortedJson(normalizeForComparison(read.doc)) : undefined;
}

export interface PinecallRubyMerged extends PinecallRubyExport {
  /** What the merge rewrote in the user's layout, or why the class was written whole. */
  notes: string[];
}

export function exportPinecallRuby(doc: AgentDocument): PinecallRubyMerged {
  const fresh = writePinecallRuby(doc);
  const freshView = fresh.files.find((f) => f.path.endsWith('.erb'));
  const notes: string[] = [];
  let view = freshView?.text;
  const keptView = keptSourceOf(doc, 'pinecallRubyView');
  if (keptView?.baseline !== undefined) {
    const merged = mergeIntoSource(keptView as KeptSource, view ?? '');
    if (merged) {
      view = merged.text === '' ? undefined : merged.text;
      notes.push(...merged.rewritten.map((r) => `the view: ${rewrittenNote(r)}`));
    } else notes.push('the view is written whole in Callboard\'s layout: it differs too much from the imported view to merge the edits into it');
  }
  let text = fresh.text;
  const keptClass = keptSourceOf(doc, 'pinecallRuby');
  if (keptClass?.baseline !== undefined) {
    const merged = mergeIntoSource(keptClass as KeptSource, fresh.text);
    if (merged && (merged.text === keptClass.text || meaningOf(merged.text, view) === meaningOf(fresh.text, view))) {
      text = merged.text;
      notes.push(...merged.rewritten.map(rewrittenNote));
    } else notes.push(`the class is written whole in Callboard's layout: ${merged ? 'merging the edits into the imported file would change what it says' : 'it differs too much from the imported file to merge the edits into it'}`);
  }
  const viewPath = freshView?.path ?? fresh.path.replace(/[^/]*$/, `views/${fresh.path.split('/').at(-2)}.erb`);
  return { text, path: fresh.path, files: [{ path: fresh.path, text }, ...(view !== undefined ? [{ path: viewPath, text: view }] : [])], notes };
}
