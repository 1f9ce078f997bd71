// Monaco, bundled and offline (toolchain.md, "Monaco, offline"). This module is only ever
// reached through a dynamic import (LazyEditor → MonacoEditor), so none of Monaco is in the
// first-paint bundle. Importing it configures everything once, before any <Editor> mounts.
import { loader } from '@monaco-editor/react';
import * as editorApi from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/yaml/register';
// Highlighting only (Monarch grammars): the Python and Ruby exports' previews and an imported class's code.
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/ruby/register';
import * as json from 'monaco-editor/languages/features/json/register';
import * as typescript from 'monaco-editor/languages/features/typescript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import BodyTsWorker from './ts-body.worker?worker';
import { registerTsx } from './tsx-language';

export type Monaco = typeof editorApi & { json: typeof json; typescript: typeof typescript };

/** The namespace @monaco-editor/react hands to onMount / beforeMount: the core plus the two language services. */
export const monaco: Monaco = { ...editorApi, json, typescript };

// A worker for every label: Monaco asks for labels beyond the languages (e.g. the editor's own).
(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === 'json') return new JsonWorker();
    if (label === 'typescript' || label === 'javascript') return new BodyTsWorker();
    return new EditorWorker();
  },
};

// ---- themes: the editor sits on the panel colour of app.css, light and dark

monaco.editor.defineTheme('callboard-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editor.background': '#ffffff', 'editorGutter.background': '#ffffff', 'editor.lineHighlightBackground': '#f3f5f8' },
});
monaco.editor.defineTheme('callboard-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: { 'editor.background': '#1c2028', 'editorGutter.background': '#1c2028', 'editor.lineHighlightBackground': '#232833' },
});

// ---- JSON: a tool's parameters are checked against the JSON Schema draft-07 meta-schema

export const PARAMETERS_FILE_GLOB = '**/*.parameters.json';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  trailingCommas: 'error',
  enableSchemaRequest: false,
  schemaRequest: 'ignore',
  schemaValidation: 'error',
  schemas: [
    { uri: DRAFT_07, schema: draft07 },
    {
      uri: 'callboard://schemas/tool-parameters.json',
      fileMatch: [PARAMETERS_FILE_GLOB],
      schema: {
        allOf: [
          { $ref: DRAFT_07 },
          {
            type: 'object',
            required: ['type', 'properties'],
            properties: { type: { const: 'object', description: 'A tool takes one object of named arguments.' } },
          },
        ],
      },
    },
  ],
});

// ---- TSX: the Pinecall class in the export preview, highlighted with its JSX (tsx-language.ts)

registerTsx(monaco);

// ---- TypeScript: tool bodies (see runtimes/pinecall/format/editor-declarations.ts and ts-body.worker.ts)

typescript.typescriptDefaults.setCompilerOptions({
  target: typescript.ScriptTarget.ESNext,
  lib: ['es2022'],
  strict: true,
  noEmit: true,
  allowNonTsExtensions: true,
  noUnusedLocals: false,
  noUnusedParameters: false,
});
typescript.typescriptDefaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false, onlyVisible: false });

loader.config({ monaco: monaco as never });

// Exposed for end-to-end tests, which read markers instead of sleeping (design.md convention 9).
(globalThis as { monaco?: Monaco }).monaco = monaco;
