// Written by `npm run gen:types` (scripts/gen-runtime-homes.mjs) from the schema's Target:
// the name of every kind of agent file, Callboard's JSON and each runtime's (format/files.ts),
// one line per runtime's home (src/runtimes/<runtime>/). Do not edit by hand: add a runtime to
// Target's enum in src/model/agent.schema.json and run it again (test/runtime-homes.test.ts
// checks this file).

/** The kinds of agent file: Callboard's own JSON, and each runtime's, as its home's files.ts declares them. */
export type FileFormat = 'json' | 'ts' | 'py' | 'rb' | 'yaml' | 'flow';
