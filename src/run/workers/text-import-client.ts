/// <reference types="vite/client" />
// The page's side of the text import worker (./text-import-api.ts): one worker, started on the
// first import and kept; an import that takes longer than TEXT_IMPORT_TIMEOUT_MS ends the worker
// (the next import starts another) and answers with an error, as a failed worker does. Without
// Web Workers (Node: unit tests) the importer runs in place, loaded only then.
import * as Comlink from 'comlink';
import { REINDENT_FIX } from '../../runtimes/block-agent/format';
import type { ImportOutcome } from '../../formats/import-any';
import type { TextFormat, TextImportApi, TextImportOptions, TextImportWire } from './text-import-api';
import TextImportWorker from './text-import.worker?worker';

/** Every bound of the readers is far inside this: it is a backstop, not a limit a file meets. */
export const TEXT_IMPORT_TIMEOUT_MS = 30_000;

interface Started {
  api: Comlink.Remote<TextImportApi> | TextImportApi;
  /** Settles with the reason when the worker fails or is ended. */
  failed: Promise<string>;
  end(why: string): void;
}

let starting: Promise<Started> | undefined;

async function start(): Promise<Started> {
  if (typeof Worker === 'undefined') {
    const { textImportApi } = await import('./text-import-api');
    return { api: textImportApi, failed: new Promise(() => undefined), end: () => undefined };
  }
  const worker = new TextImportWorker();
  let stop: (why: string) => void = () => undefined;
  const failed = new Promise<string>((resolve) => {
    stop = (why) => {
      worker.terminate();
      // The next import starts a fresh worker.
      starting = undefined;
      resolve(why);
    };
  });
  worker.onerror = (event) => {
    event.preventDefault();
    stop(`the importer could not start: ${event.message || 'worker error'}`);
  };
  return { api: Comlink.wrap<TextImportApi>(worker), failed, end: stop };
}

const failure = (format: TextFormat, message: string): ImportOutcome => ({ kind: 'error', format, errors: [{ line: 1, column: 1, message }] });

const fromWire = (wire: TextImportWire): ImportOutcome =>
  wire.kind === 'error' && wire.fix ? { ...wire, fix: REINDENT_FIX } : (wire as ImportOutcome);

/** importAny(text, { format, ...options }) for a YAML or JSON file, run in the worker. */
export async function importTextInWorker(text: string, format: TextFormat, options: TextImportOptions = {}): Promise<ImportOutcome> {
  starting ??= start();
  const started = await starting;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      const why = `reading the file took longer than ${TEXT_IMPORT_TIMEOUT_MS / 1000} s and was stopped: split it, or remove what makes it large (long aliases, deep nesting)`;
      started.end(why);
      resolve(why);
    }, TEXT_IMPORT_TIMEOUT_MS);
  });
  // An importer bug must still answer: the dialog shows it instead of waiting forever.
  const imported = Promise.resolve()
    .then(() => started.api.importText(text, format, options))
    .then(fromWire, (error: unknown) => failure(format, `the importer failed: ${error instanceof Error ? error.message : String(error)}`));
  try {
    return await Promise.race([imported, started.failed.then((why) => failure(format, why)), late.then((why) => failure(format, why))]);
  } finally {
    clearTimeout(timer);
  }
}
