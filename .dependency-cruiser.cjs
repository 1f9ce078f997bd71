/**
 * The floors of the house (README, "Architecture"), checked by every `npm test` (scripts/test.sh)
 * and by test/architecture.test.ts, which also feeds it violating files to show it fails.
 *
 *   app ─▶ panels, canvas, editors ─▶ run ─▶ store ─▶ runtimes ─▶ simulator (engine), formats ─▶ model
 *   app, panels, canvas ─▶ commands ─▶ run, store, …     app, panels, canvas ─▶ ui ─▶ store
 *   cli ─▶ runtimes, simulator, formats, model
 *
 * A floor imports only the floors below it, and no file imports itself round a circle. Test
 * support (the `testing` modules, imported by tests only) may reach any floor; nothing else may
 * import it.
 */
const TEST_SUPPORT = '(^src/.+/testing\\.ts$|^src/formats/testing/|^src/simulator/offline/conversation-testing\\.ts$|^src/simulator/offline/corpus-harness\\.ts$)';
/**
 * A runtime's home (src/runtimes/<runtime>/) spans the floors: its kept data (kept.ts) and its traits
 * (traits.ts) stand on the ground floor with the model, its file format (format/) on the formats
 * floor, its engine (engine/) on the engine's, and its facts with the runtimes floor. A floor is its
 * folder and those parts; each floor lists every home's part in its runtime-homes.ts, written by
 * scripts/gen-runtime-homes.mjs.
 */
const PART_OF = {
  model: 'runtimes/[^/]+/(?:kept|traits)\\.ts$',
  formats: 'runtimes/[^/]+/format/',
  simulator: 'runtimes/[^/]+/engine/',
};
const floor = (folder) => (PART_OF[folder] ? `^src/(?:${folder}/|${PART_OF[folder]})` : folder === 'runtimes' ? '^src/runtimes/(?![^/]+/(?:kept\\.ts$|traits\\.ts$|format/|engine/))' : `^src/${folder}/`);
/** Any file of ours on none of the floors `folders`. */
const outside = (folders) => `^src/(?!${folders.map((f) => `(?:${floor(f).slice('^src/'.length)})`).join('|')})`;

const floorRule = (name, folder, below, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: floor(folder), pathNot: TEST_SUPPORT },
  to: { path: outside([folder, ...below]) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circles',
      severity: 'error',
      comment: 'An import circle makes its files one: move the shared part into a file of its own, or down a floor.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    floorRule('model-is-the-ground-floor', 'model', [], 'The model imports nothing of ours: what it needs belongs in src/model.'),
    floorRule('formats-import-only-the-model', 'formats', ['model'], 'An importer or exporter reads and writes documents: it needs the model only.'),
    floorRule('engine-imports-only-the-model', 'simulator', ['model'],
      'The step engine runs on documents; what it needs of a format (the losses) is handed in through StepDeps.'),
    floorRule('runtimes-sit-on-formats-and-engine', 'runtimes', ['model', 'formats', 'simulator'], 'A runtime is its format and its engine, nothing of the UI.'),
    floorRule('store-is-below-the-ui', 'store', ['model', 'formats', 'runtimes', 'simulator'], 'The store holds the document and the open run; the UI reads it.'),
    {
      name: 'store-sees-the-engine-surface-only',
      severity: 'error',
      comment: 'The store holds a run, it does not run one: it imports the engine through simulator/index.ts only.',
      from: { path: floor('store') },
      to: { path: '^src/simulator/(?!index\\.ts$)' },
    },
    floorRule('run-is-below-the-ui', 'run', ['model', 'formats', 'runtimes', 'simulator', 'store'],
      'The browser side of a run (workers, controller, suites) drives the engine and the store; the panels show it.'),
    floorRule('commands-are-below-the-ui', 'commands', ['model', 'formats', 'runtimes', 'simulator', 'store', 'run'],
      'A command runs on the store; what it needs of the canvas (its dialogs, focus, clipboard) is handed in through CommandContext.canvas.'),
    {
      name: 'commands-see-the-engine-surface-only',
      severity: 'error',
      comment: 'Commands reach the engine through simulator/index.ts only, as the store does.',
      from: { path: floor('commands') },
      to: { path: '^src/simulator/(?!index\\.ts$)' },
    },
    floorRule('ui-is-react-and-the-store', 'ui', ['store'], 'The shared UI pieces (src/ui) sit under every panel: React and the store, nothing else of ours.'),
    {
      name: 'ui-does-not-import-the-app',
      severity: 'error',
      comment: 'The app assembles the panels, the canvas and the editors; they do not reach back into it. Shared UI goes in src/ui.',
      from: { path: '^src/(panels|canvas|editors|ui|commands)/' },
      to: { path: floor('app') },
    },
    {
      name: 'canvas-does-not-import-run',
      severity: 'error',
      comment: 'The canvas follows a run through store selectors (store/follow.ts), not through its machinery.',
      from: { path: floor('canvas') },
      to: { path: floor('run') },
    },
    floorRule('cli-uses-the-core-only', 'cli', ['model', 'formats', 'runtimes', 'simulator'], 'The CLI runs in Node: no browser floor.'),
    {
      name: 'a-runtime-home-is-its-own',
      severity: 'error',
      comment: "A runtime in a home of its own (src/runtimes/<runtime>/) imports no other runtime's code: what both need goes down to the kit of its floor.",
      from: { path: '^src/runtimes/([^/]+)/', pathNot: TEST_SUPPORT },
      to: { path: '^src/runtimes/[^/]+/', pathNot: '^src/runtimes/$1/' },
    },
    {
      name: 'a-runtime-part-has-one-front-door',
      severity: 'error',
      comment: "A runtime home's format (src/runtimes/<runtime>/format) and engine (…/engine) are each reached through their index.ts only, so their inside can move without the rest of the app following. A part a caller loads on demand comes through the door as a load…() function (README, \"Architecture\").",
      // From outside every home: within its own home a file imports what it likes, and no home imports another's (a-runtime-home-is-its-own).
      from: { path: '^src/(?!runtimes/[^/]+/)', pathNot: TEST_SUPPORT },
      to: { path: '^src/runtimes/[^/]+/(?:format|engine)/(?!index\\.ts$)' },
    },
    {
      name: 'pipecat-format-is-pure',
      severity: 'error',
      comment: "Pipecat Flows' home is data in, data out: no React, canvas, editor or store library, so the CLI, workers and tests load it as they are.",
      from: { path: '^src/runtimes/pipecat/' },
      to: { path: '(^|/)node_modules/(react|react-dom|@xyflow/[^/]+|monaco-editor|@monaco-editor/[^/]+|zustand)/|^(react|react-dom|zustand|monaco-editor)$|^@(xyflow|monaco-editor)/' },
    },
    {
      name: 'the-page-run-does-not-load-the-typescript-compiler',
      severity: 'error',
      comment: "What the page loads for a run (src/run/runtime.ts) does not reach the TypeScript compiler: only the engine and import workers read a Pinecall class's code. Through the engines it was 3.5 MB parsed on the page's thread as a run began.",
      from: { path: '^src/run/runtime\\.ts$' },
      to: { path: 'node_modules/typescript/', reachable: true },
    },
    {
      name: 'test-support-is-for-tests',
      severity: 'error',
      comment: 'The testing modules are for tests; production code does not import them.',
      from: { path: '^src/', pathNot: TEST_SUPPORT },
      to: { path: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may import across floors (a unit test of the store builds documents with the formats).
    exclude: { path: '(\\.test\\.tsx?$|\\.generated\\.ts$|^src/model/generated/)' },
    tsConfig: { fileName: 'tsconfig.app.json' },
    // Type-only imports count: a circle of types is a circle all the same when a file moves.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
