// The parts of Pinecall's format that a caller loads on demand, each a function that imports its
// file when called: the front door (./index.ts) re-exports them, and says why. Kept apart from the
// door so that no module both imports one of these files statically and import()s it: the bundler
// (rolldown) inlines an import() of a file its own module also imports statically, and the file
// would then load with whatever chunk holds the door (a worker's entry, for one).

/** The TypeScript importer (TypeScript's compiler): `importPinecallTs`. */
export const loadPinecallImporter = () => import('./import');
/** The stage writes a TypeScript class's code makes (TypeScript's compiler): `readStageFlow`, `withCodeEdgeCount`. */
export const loadPinecallStageFlow = () => import('./stage-flow');
/** Where a name stands in a TypeScript class (TypeScript's compiler): `tsLocator`. */
export const loadPinecallLocator = () => import('./locate');
/** The Python importer (Lezer's grammar; light, but only a Python file needs it): `importPinecallPython`. */
export const loadPinecallPythonImporter = () => import('./python/import');
/** The Ruby importer (line by line; only a Ruby file needs it): `importPinecallRuby`. */
export const loadPinecallRubyImporter = () => import('./ruby/import');
/** The stage writes a Python class's import kept: `pythonStageFlow`. */
export const loadPinecallPythonStageFlow = () => import('./python/code-writes');
