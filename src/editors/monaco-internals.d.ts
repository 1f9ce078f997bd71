// Monaco modules without shipped declarations that the TypeScript body worker builds on.
// Only what ts-body.worker.ts uses is typed; the shapes follow monaco-editor 0.57's tsWorker.js.

declare module 'monaco-editor/internal/common/initialize' {
  export function initialize(callback: (ctx: unknown, createData: unknown) => unknown): void;
}

declare module 'monaco-editor/languages/features/typescript/tsWorker' {
  export interface TextSpan {
    start: number;
    length: number;
  }
  export interface ExtraLib {
    content: string;
    version: number;
  }
  export class TypeScriptWorker {
    constructor(ctx: unknown, createData: unknown);
    getExtraLibs(): Record<string, ExtraLib>;
    getScriptVersion(fileName: string): string;
    getScriptText(fileName: string): Promise<string | undefined>;
    _getScriptText(fileName: string): string | undefined;
    getSyntacticDiagnostics(fileName: string): Promise<any[]>;
    getSemanticDiagnostics(fileName: string): Promise<any[]>;
    getSuggestionDiagnostics(fileName: string): Promise<any[]>;
    getCompletionsAtPosition(fileName: string, position: number): Promise<any>;
    getCompletionEntryDetails(fileName: string, position: number, entry: string): Promise<any>;
    getSignatureHelpItems(fileName: string, position: number, options: unknown): Promise<any>;
    getQuickInfoAtPosition(fileName: string, position: number): Promise<any>;
    getDocumentHighlights(fileName: string, position: number, filesToSearch: string[]): Promise<any[] | undefined>;
    getDefinitionAtPosition(fileName: string, position: number): Promise<any[] | undefined>;
    getReferencesAtPosition(fileName: string, position: number): Promise<any[] | undefined>;
    getNavigationTree(fileName: string): Promise<any>;
    getFormattingEditsForDocument(fileName: string, options: unknown): Promise<any[]>;
    getFormattingEditsForRange(fileName: string, start: number, end: number, options: unknown): Promise<any[]>;
    getFormattingEditsAfterKeystroke(fileName: string, position: number, ch: string, options: unknown): Promise<any[]>;
    findRenameLocations(fileName: string, position: number, findInStrings: boolean, findInComments: boolean, prefixAndSuffix: boolean): Promise<any[] | undefined>;
    getRenameInfo(fileName: string, position: number, options: unknown): Promise<any>;
    getCodeFixesAtPosition(fileName: string, start: number, end: number, errorCodes: number[], formatOptions: unknown): Promise<any[]>;
    provideInlayHints(fileName: string, start: number, end: number): Promise<any[]>;
  }
}

declare module 'monaco-editor/languages/definitions/typescript/typescript' {
  import type { languages } from 'monaco-editor/editor';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage & { tokenizer: Record<string, languages.IMonarchLanguageRule[]> };
}
