// What the text import worker (./text-import.worker.ts) offers the page, through Comlink: any file
// whose kind is not read in a worker of its own (Block Agent YAML, a Pipecat flow, a Python class,
// Callboard JSON), read by formats/import-any.ts. A hostile file is read
// within its bounds (aliases, depth, size), but the reading itself can take a second or more (a
// 3 MB anchor aliased 100 times: the yaml library builds the quoted scalar a character at a
// time); in a worker the page keeps drawing meanwhile. A Pinecall class goes to its own worker
// (./pinecall-client.ts), which loads the TypeScript compiler. The same object serves in place
// where there are no workers (Node: unit tests).
import { importAny, type ImportOutcome } from '../../formats/import-any';
import type { FileFormat } from '../../formats/file-format';
import { sourceFilesOf } from '../../runtimes/pinecall/format';
import type { FolderTexts } from './pinecall-api';

/** A format whose kind is not read in a worker of its own (file-kind.ts, `readsInItsOwnWorker`). */
export type TextFormat = FileFormat;

export interface TextImportOptions {
  name?: string;
  fileName?: string;
  /** The agent's folder (a .zip, a dropped folder), for a kind that reads it: a Python class's view `views/<slug>.jinja`, a flow's handlers.py. */
  folder?: FolderTexts;
}

/** The outcome as it crosses to the page: a fix is a function, so it goes by name (REINDENT_FIX is the only one). */
export type TextImportWire = Exclude<ImportOutcome, { kind: 'error' }> | (Omit<Extract<ImportOutcome, { kind: 'error' }>, 'fix'> & { fix?: 'reindent' });

export interface TextImportApi {
  importText(text: string, format: TextFormat, options: TextImportOptions): Promise<TextImportWire>;
}

export const textImportApi: TextImportApi = {
  async importText(text, format, options) {
    const { folder, ...named } = options;
    const outcome = await importAny(text, { format, ...named, ...(folder ? { folder: { agent: folder.agent, files: sourceFilesOf(folder.files, folder.refused) } } : {}) });
    if (outcome.kind !== 'error') return outcome;
    const { fix, ...rest } = outcome;
    return fix ? { ...rest, fix: 'reindent' } : rest;
  },
};
