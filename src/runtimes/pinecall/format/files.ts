// The kinds of file a Pinecall agent is written in (formats/file-kind.ts): a class in TypeScript,
// in Python or in Ruby. Light: the readers are loaded when a file is read (read-file.ts), the TypeScript
// one with the TypeScript compiler.
import type { FileKind } from '../../../formats/file-kind';
import { loadPinecallLocator } from './load';

export const files: readonly FileKind[] = [
  {
    format: 'ts',
    label: 'Pinecall TypeScript',
    tab: 'Pinecall TS',
    short: 'TS',
    language: 'typescript',
    extension: /\.[cm]?[tj]sx?$/i,
    writtenAs: '.tsx',
    // A text that opens like a module (import, export, a JSDoc, a decorator) or declares `extends Agent`.
    sniff: { order: 30, test: (body) => /^(import\b|export\b|\/\*\*|@)/.test(body) || /\bextends\s+Agent\b/.test(body) },
    // A base class or helpers imported by a relative path are read from its folder.
    readsFolder: true,
    readsInItsOwnWorker: true,
    reading: 'Reading the class with the TypeScript compiler…',
    read: async (text, options) => (await import('./read-file')).readTypeScriptClass(text, options),
    // In the app the class is read in a worker, and the page does not load the compiler to place a problem.
    locator: async (text, doc) => (await loadPinecallLocator()).tsLocator(text, doc),
  },
  {
    format: 'py',
    label: 'Pinecall Python',
    tab: 'Pinecall Python',
    short: 'Python',
    language: 'python',
    extension: /\.py$/i,
    writtenAs: '.py',
    // Before TypeScript's: `from x import y` and `class X(Agent):` are no TypeScript, while `import x` and `@` open both.
    sniff: { order: 20, test: (body) => /^\s*from\s+[\w.]+\s+import\b/m.test(body) || /^class\s+\w+\((?:pinecall\.)?Agent\)\s*:/m.test(body) },
    readsFolder: true,
    read: async (text, options) => (await import('./read-file')).readPythonClass(text, options),
  },
  {
    format: 'rb',
    label: 'Pinecall Ruby',
    tab: 'Pinecall Ruby',
    short: 'Ruby',
    language: 'ruby',
    extension: /\.rb$/i,
    writtenAs: '.rb',
    // `class X < Pinecall::Agent` is neither Python nor TypeScript; `require "pinecall"` opens only Ruby.
    sniff: { order: 10, test: (body) => /^\s*class\s+[A-Z]\w*\s*<\s*(?:::)?Pinecall::Agent\b/m.test(body) || /^\s*require\s+["']pinecall["']/m.test(body) },
    readsFolder: true,
    read: async (text, options) => (await import('./read-file')).readRubyClass(text, options),
  },
];
