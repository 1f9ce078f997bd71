// How much of an agent file Callboard reads. A file is untrusted input: every importer, lint rule
// and exporter stops at these bounds and says where the input exceeds them, never with a stack
// overflow or an out-of-memory crash. The depth of a value is stated once (MAX_DEPTH); the
// other limits follow from it or from what a real agent needs, many times over.

/**
 * How deep a value the user writes may nest: a mock result, a state field's default, a tool's
 * parameter schema, kept keys (`extra`), a test's state, call facts or mocks. A scalar is 0 levels,
 * `[]` and `{}` are 1, `[[1]]` is 2. Lint reports a deeper value at its path; exports refuse it.
 */
export const MAX_DEPTH = 64;

/**
 * How deep a whole file may nest: MAX_DEPTH for its values plus room for the format's own structure
 * around them (blocks › turns › tools › function › parameters …). Checked by every importer before
 * anything else reads the file, at the line and column where the file first nests deeper.
 */
export const MAX_FILE_DEPTH = MAX_DEPTH + 36;

/**
 * How deep the syntax tree of a Pinecall file may go, counting every step: `a + b + c` and
 * `a.b().c()` are a level per operator or call. Code that reads a condition or a `when` walks
 * it recursively; a chain of 2,000 calls already overflows that walk.
 */
export const MAX_SYNTAX_DEPTH = 500;

/**
 * What YAML aliases (`*name`) may add to a file when each is written out in full: the size of
 * what an alias stands for counts once per alias (characters of its scalars, plus one per node).
 */
export const MAX_ALIAS_EXPANSION = 10_000_000;

/** How many JSON Schema nodes a Pinecall file's parameter types may expand to, all tools together. */
export const MAX_TYPE_NODES = 20_000;

/** What a .zip of an agent with its tests may hold. */
export const ZIP_LIMITS = {
  /** The .zip file itself. */
  zipBytes: 32 * 1024 * 1024,
  /** Entries in its central directory (folders and skipped files included). */
  entries: 1000,
  /** One entry, inflated. */
  entryBytes: 16 * 1024 * 1024,
  /** All the entries read, inflated. */
  totalBytes: 64 * 1024 * 1024,
};
export type ZipLimits = typeof ZIP_LIMITS;

/** `1234567` as "1,234,567". */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** `16777216` as "16 MB", `1536` as "1.5 KB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const [value, unit] = n < 1024 * 1024 ? [n / 1024, 'KB'] : n < 1024 ** 3 ? [n / 1024 ** 2, 'MB'] : [n / 1024 ** 3, 'GB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}

const nests = (depth: number, limit: number) => (depth > limit ? `${formatCount(depth)} levels deep` : `more than ${formatCount(limit)} levels deep`);

/** "<what> nests N levels deep; Callboard reads at most L levels: <fix>". */
export function tooDeepMessage(what: string, depth: number, limit: number, fix = 'write it flatter'): string {
  return `${what} nests ${nests(depth, limit)}; Callboard reads at most ${formatCount(limit)} levels: ${fix}`;
}

/** Said where a file nests past MAX_FILE_DEPTH; `what` names the place ("the file", "/tools/0/mock/…"). */
export function fileTooDeepMessage(what: string, depth: number): string {
  return `${what} nests ${nests(depth, MAX_FILE_DEPTH)}; Callboard reads at most ${MAX_FILE_DEPTH} levels in a file, and ${MAX_DEPTH} in a value such as a mock, a default or a parameter schema: write it flatter, or keep the deep part as a JSON string`;
}
