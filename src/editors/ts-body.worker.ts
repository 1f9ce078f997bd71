// The TypeScript worker, taught to read a tool body inside its wrapper (body-wrapper.ts).
//
// The Code tab's model holds only the body, so the user cannot see or damage the wrapper, and
// every language feature stays Monaco's own: this worker compiles `prefix + body + suffix` and
// moves every offset between the two texts, in both directions. Files that are not tool bodies
// go through untouched.
import { initialize } from 'monaco-editor/internal/common/initialize';
import { TypeScriptWorker, type TextSpan } from 'monaco-editor/languages/features/typescript/tsWorker';
import { decodeWrapper, isBodyFile, isPreviewFile, spanClampedToBody, spanToBody, wrapperLibUri, type OffsetMap } from './body-wrapper';
import type { BodyWrapper } from '../runtimes/pinecall/format';

type Spanned = { fileName?: string; textSpan: TextSpan };

class BodyTypeScriptWorker extends TypeScriptWorker {
  private wrapperOf(fileName: string): BodyWrapper | undefined {
    if (!isBodyFile(fileName)) return undefined;
    return decodeWrapper(this.getExtraLibs()[wrapperLibUri(fileName)]?.content);
  }

  /** The offsets of a body file, or undefined for any other file (or a body without its wrapper yet). */
  private mapOf(fileName: string): OffsetMap | undefined {
    const wrapper = this.wrapperOf(fileName);
    const body = super._getScriptText(fileName);
    return wrapper && body !== undefined ? { shift: wrapper.prefix.length, length: body.length } : undefined;
  }

  override _getScriptText(fileName: string): string | undefined {
    const text = super._getScriptText(fileName);
    const wrapper = this.wrapperOf(fileName);
    return text !== undefined && wrapper ? wrapper.prefix + text + wrapper.suffix : text;
  }

  override getScriptVersion(fileName: string): string {
    const version = super.getScriptVersion(fileName);
    if (!isBodyFile(fileName)) return version;
    // The wrapper changes when the parameters or the state do, while the body may not.
    return `${version}:${this.getExtraLibs()[wrapperLibUri(fileName)]?.version ?? 0}`;
  }

  /** The main thread reads a body file as the user sees it. */
  override async getScriptText(fileName: string): Promise<string | undefined> {
    return isBodyFile(fileName) ? super._getScriptText(fileName) : this._getScriptText(fileName);
  }

  // ---- diagnostics: spans back into the body; a syntax error past the end points at the end

  private async diagnostics(fileName: string, list: any[], clamp: boolean): Promise<any[]> {
    if (isPreviewFile(fileName)) return [];
    if (!isBodyFile(fileName)) return list;
    const map = this.mapOf(fileName);
    if (!map) return [];
    const out: any[] = [];
    for (const d of list) {
      const span = clamp ? spanClampedToBody(map, d.start ?? 0, d.length ?? 0) : spanToBody(map, d.start ?? 0, d.length ?? 0);
      if (!span) continue;
      const relatedInformation = d.relatedInformation?.flatMap((r: any) => {
        if (r.file?.fileName !== fileName) return [r];
        const related = spanToBody(map, r.start ?? 0, r.length ?? 0);
        return related ? [{ ...r, ...related }] : [];
      });
      out.push({ ...d, ...span, relatedInformation });
    }
    return out;
  }

  override async getSyntacticDiagnostics(fileName: string) {
    return this.diagnostics(fileName, await super.getSyntacticDiagnostics(fileName), true);
  }
  override async getSemanticDiagnostics(fileName: string) {
    return this.diagnostics(fileName, await super.getSemanticDiagnostics(fileName), false);
  }
  override async getSuggestionDiagnostics(fileName: string) {
    return this.diagnostics(fileName, await super.getSuggestionDiagnostics(fileName), false);
  }

  // ---- positions in, spans out

  private at(fileName: string, position: number): number {
    const map = this.mapOf(fileName);
    return map ? position + map.shift : position;
  }

  /** Moves a span of a body file into the body; undefined when it lies in the wrapper. */
  private span(fileName: string, spanFile: string | undefined, span: TextSpan | undefined): TextSpan | undefined | null {
    if (!span) return span;
    if (spanFile !== undefined && spanFile !== fileName) return span;
    const map = this.mapOf(fileName);
    if (!map) return span;
    return spanToBody(map, span.start, span.length) ?? null;
  }

  /** Entries with a fileName and textSpan: those inside the wrapper are dropped. */
  private entries<T extends Spanned>(fileName: string, list: T[] | undefined): T[] | undefined {
    if (!list || !isBodyFile(fileName) && !list.some((e) => e.fileName && isBodyFile(e.fileName))) return list;
    const out: T[] = [];
    for (const entry of list) {
      const file = entry.fileName ?? fileName;
      if (!isBodyFile(file)) {
        out.push(entry);
        continue;
      }
      const map = this.mapOf(file);
      const span = map ? spanToBody(map, entry.textSpan.start, entry.textSpan.length) : entry.textSpan;
      if (span) out.push({ ...entry, textSpan: span });
    }
    return out;
  }

  override async getCompletionsAtPosition(fileName: string, position: number) {
    const info = await super.getCompletionsAtPosition(fileName, this.at(fileName, position));
    if (!info || !this.mapOf(fileName)) return info;
    const move = (span: TextSpan | undefined) => this.span(fileName, undefined, span) ?? undefined;
    return {
      ...info,
      optionalReplacementSpan: move(info.optionalReplacementSpan),
      entries: info.entries.map((e: any) => (e.replacementSpan ? { ...e, replacementSpan: move(e.replacementSpan) } : e)),
    };
  }

  override async getCompletionEntryDetails(fileName: string, position: number, entry: string) {
    return super.getCompletionEntryDetails(fileName, this.at(fileName, position), entry);
  }

  override async getSignatureHelpItems(fileName: string, position: number, options: unknown) {
    const info = await super.getSignatureHelpItems(fileName, this.at(fileName, position), options);
    if (!info || !this.mapOf(fileName)) return info;
    return { ...info, applicableSpan: this.span(fileName, undefined, info.applicableSpan) ?? { start: 0, length: 0 } };
  }

  override async getQuickInfoAtPosition(fileName: string, position: number) {
    const info = await super.getQuickInfoAtPosition(fileName, this.at(fileName, position));
    if (!info || !this.mapOf(fileName)) return info;
    const textSpan = this.span(fileName, undefined, info.textSpan);
    return textSpan ? { ...info, textSpan } : undefined;
  }

  override async getDocumentHighlights(fileName: string, position: number, filesToSearch: string[]) {
    const result = await super.getDocumentHighlights(fileName, this.at(fileName, position), filesToSearch);
    return result?.map((doc: any) => ({ ...doc, highlightSpans: this.entries(doc.fileName, doc.highlightSpans.map((h: any) => ({ ...h, fileName: doc.fileName }))) }));
  }

  override async getDefinitionAtPosition(fileName: string, position: number) {
    return this.entries(fileName, await super.getDefinitionAtPosition(fileName, this.at(fileName, position)));
  }

  override async getReferencesAtPosition(fileName: string, position: number) {
    return this.entries(fileName, await super.getReferencesAtPosition(fileName, this.at(fileName, position)));
  }

  override async getRenameInfo(fileName: string, position: number, options: unknown) {
    const info = await super.getRenameInfo(fileName, this.at(fileName, position), options);
    if (!info?.canRename || !this.mapOf(fileName)) return info;
    const locations = (await super.findRenameLocations(fileName, this.at(fileName, position), false, false, false)) ?? [];
    const outside = locations.some((l: Spanned) => l.fileName !== fileName || this.span(fileName, undefined, l.textSpan) === null);
    if (outside) {
      return { canRename: false, localizedErrorMessage: 'Rename parameters in the Params tab and state fields in the agent’s state table.' };
    }
    return { ...info, triggerSpan: this.span(fileName, undefined, info.triggerSpan) };
  }

  override async findRenameLocations(fileName: string, position: number, strings: boolean, comments: boolean, prefixAndSuffix: boolean) {
    return this.entries(fileName, await super.findRenameLocations(fileName, this.at(fileName, position), strings, comments, prefixAndSuffix));
  }

  override async getCodeFixesAtPosition(fileName: string, start: number, end: number, errorCodes: number[], formatOptions: unknown) {
    const fixes = await super.getCodeFixesAtPosition(fileName, this.at(fileName, start), this.at(fileName, end), errorCodes, formatOptions);
    if (!this.mapOf(fileName)) return fixes;
    // Monaco applies every change of a fix to this model, so a fix is kept only when all of it is in the body.
    const kept: any[] = [];
    for (const fix of fixes) {
      const changes = fix.changes.map((c: any) => ({
        ...c,
        textChanges: c.textChanges.map((t: any) => ({ ...t, span: c.fileName === fileName ? this.span(fileName, undefined, t.span) : null })),
      }));
      if (changes.every((c: any) => c.textChanges.every((t: any) => t.span))) kept.push({ ...fix, changes });
    }
    return kept;
  }

  override async provideInlayHints(fileName: string, start: number, end: number) {
    const hints = await super.provideInlayHints(fileName, this.at(fileName, start), this.at(fileName, end));
    const map = this.mapOf(fileName);
    if (!map) return hints;
    return hints.flatMap((h: any) => {
      const span = spanToBody(map, h.position, 0);
      return span ? [{ ...h, position: span.start }] : [];
    });
  }

  // The body sits one level deep in the wrapper: the formatter would indent all of it. Not offered.
  override async getFormattingEditsForDocument(fileName: string, options: unknown) {
    return isBodyFile(fileName) ? [] : super.getFormattingEditsForDocument(fileName, options);
  }
  override async getFormattingEditsForRange(fileName: string, start: number, end: number, options: unknown) {
    return isBodyFile(fileName) ? [] : super.getFormattingEditsForRange(fileName, start, end, options);
  }
  override async getFormattingEditsAfterKeystroke(fileName: string, position: number, ch: string, options: unknown) {
    return isBodyFile(fileName) ? [] : super.getFormattingEditsAfterKeystroke(fileName, position, ch, options);
  }
  override async getNavigationTree(fileName: string) {
    return isBodyFile(fileName) ? undefined : super.getNavigationTree(fileName);
  }
}

self.onmessage = () => {
  initialize((ctx, createData) => new BodyTypeScriptWorker(ctx, createData));
};
