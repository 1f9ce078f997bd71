// Types only: importing this module brings no Monaco code into a bundle.
import type * as MonacoEditorApi from 'monaco-editor/editor';
import type { Monaco } from './monaco-setup';

export type { Monaco };
export type CodeEditor = MonacoEditorApi.editor.IStandaloneCodeEditor;
export type EditorOptions = MonacoEditorApi.editor.IStandaloneEditorConstructionOptions;
export type Marker = MonacoEditorApi.editor.IMarker;

export interface CodeEditorProps {
  /** data-testid of the editor's container (the placeholder's too, while Monaco loads). */
  testId: string;
  /** The model's URI; one model per path, disposed when the editor unmounts. */
  path: string;
  language: 'json' | 'typescript' | 'python' | 'ruby' | 'yaml' | 'plaintext';
  value: string;
  onChange?: (value: string) => void;
  /** The editor lost focus: where a typing gesture ends. */
  onBlur?: () => void;
  readOnly?: boolean;
  height?: number | string;
  options?: EditorOptions;
  ariaLabel?: string;
  /** Before the model is created: where extra libs and schemas the model needs are registered. */
  beforeMount?: (monaco: Monaco) => void;
  onMount?: (editor: CodeEditor, monaco: Monaco) => void;
  /** The model's markers, each time they change. */
  onMarkers?: (markers: Marker[]) => void;
}
