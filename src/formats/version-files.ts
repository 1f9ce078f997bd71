// A project's named versions as files of its .zip (issue 15): `versions/index.json` lists them
// ({at, note, file}), and each is a Callboard JSON save beside it. Reading them back is forgiving:
// a bad entry is a warning naming its file and is left out, never a failed import. Pure: the export
// panel writes these files, the import dialog reads them.
import type { AgentDocument } from '../model';
import { slugOf } from '../model/names';
import type { BundleFile, BundleProblem } from './bundle';
import { exportJson, importJson } from './json';
import { jsonDepthError } from './json-depth';

/** A .zip carries at most this many versions: the newest named ones. */
export const MAX_ZIPPED_VERSIONS = 50;
/** A note longer than this is cut: it is a line in a list, not a document. */
export const MAX_VERSION_NOTE = 500;
export const VERSIONS_DIR = 'versions';
export const VERSIONS_INDEX = `${VERSIONS_DIR}/index.json`;

/** A named version as it travels: when it was saved, its note, the agent as it was. */
export interface PortableVersion {
  at: number;
  note?: string;
  doc: AgentDocument;
}

/** One line of versions/index.json: `file` is the version's path beside the index. */
export interface VersionIndexEntry {
  at: string;
  note?: string;
  file: string;
}

/** 2026-12-01T18:26:55.120Z as 2026-12-01T18-26-55Z: sortable, and a file name on every system. */
const fileTime = (at: number): string => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');

/** The newest MAX_ZIPPED_VERSIONS of `versions` as files, oldest first, with their index; none when there are none. */
export function versionFiles(versions: readonly PortableVersion[]): BundleFile[] {
  const kept = [...versions].sort((a, b) => b.at - a.at).slice(0, MAX_ZIPPED_VERSIONS).reverse();
  if (kept.length === 0) return [];
  const taken = new Set<string>();
  const index: VersionIndexEntry[] = [];
  const files: BundleFile[] = [];
  for (const version of kept) {
    const base = `${fileTime(version.at)}-${slugOf(version.doc.name)}`;
    let file = `${base}.callboard.json`;
    for (let n = 2; taken.has(file); n++) file = `${base}-${n}.callboard.json`;
    taken.add(file);
    index.push({ at: new Date(version.at).toISOString(), ...(version.note ? { note: version.note } : {}), file });
    files.push({ path: `${VERSIONS_DIR}/${file}`, text: exportJson(version.doc) });
  }
  return [{ path: VERSIONS_INDEX, text: `${JSON.stringify(index, null, 2)}\n` }, ...files];
}

const warning = (file: string, message: string, at?: { line?: number; column?: number }): BundleProblem => ({ severity: 'warning', file, ...at, message });

function timeOf(value: unknown): number | undefined {
  const at = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? at : undefined;
}

/**
 * The versions of a .zip's `versions/` files (their paths as in the .zip, the index among them).
 * Each entry of the index must name a file beside it holding a Callboard save within the
 * document's bounds (importJson: depth, schema); one that does not is a warning and is left out.
 */
export function readVersionFiles(files: readonly BundleFile[]): { versions: PortableVersion[]; warnings: BundleProblem[] } {
  const warnings: BundleProblem[] = [];
  const indexFile = files.find((f) => f.path === VERSIONS_INDEX || f.path.endsWith(`/${VERSIONS_INDEX}`));
  if (!indexFile) {
    const first = files[0];
    return { versions: [], warnings: first ? [warning(first.path, `no ${VERSIONS_INDEX} lists the versions: they are not imported (export the .zip again from Callboard)`)] : [] };
  }
  const dir = indexFile.path.slice(0, indexFile.path.lastIndexOf('/') + 1);
  const text = indexFile.text.replace(/^\uFEFF/, '');
  const deep = jsonDepthError(text);
  let raw: unknown;
  try {
    raw = deep ? undefined : JSON.parse(text);
  } catch (error) {
    return { versions: [], warnings: [warning(indexFile.path, `not JSON (${error instanceof Error ? error.message : String(error)}): no version is imported`)] };
  }
  if (deep) return { versions: [], warnings: [warning(indexFile.path, deep.message, deep)] };
  if (!Array.isArray(raw)) return { versions: [], warnings: [warning(indexFile.path, 'not a list: write [{"at": "<ISO time>", "note": "…", "file": "<name>.callboard.json"}, …]; no version is imported')] };
  if (raw.length > MAX_ZIPPED_VERSIONS) warnings.push(warning(indexFile.path, `lists ${raw.length} versions; Callboard imports at most ${MAX_ZIPPED_VERSIONS}: the newest ${MAX_ZIPPED_VERSIONS} are kept`));
  const byPath = new Map(files.map((f) => [f.path, f]));
  const entries = raw.map((entry: unknown, i) => ({ entry, i })).map(({ entry, i }) => {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    return { i, at: timeOf(e.at), note: e.note, file: e.file };
  });
  const dated = entries.filter((e) => e.at !== undefined).sort((a, b) => b.at! - a.at!).slice(0, MAX_ZIPPED_VERSIONS);
  for (const e of entries) if (e.at === undefined) warnings.push(warning(indexFile.path, `entry ${e.i + 1} has no time: write "at" as an ISO time (2026-12-01T18:26:55Z); it is not imported`));
  const versions: PortableVersion[] = [];
  for (const e of dated.reverse()) {
    if (typeof e.file !== 'string' || e.file.includes('/') || e.file.includes('\\')) {
      warnings.push(warning(indexFile.path, `entry ${e.i + 1}: "file" must name a file beside the index (<name>.callboard.json); it is not imported`));
      continue;
    }
    const path = `${dir}${e.file}`;
    const file = byPath.get(path);
    if (!file) {
      warnings.push(warning(path, `listed in ${VERSIONS_INDEX} but not in the .zip: that version is not imported`));
      continue;
    }
    const read = importJson(file.text);
    if (!read.ok) {
      const [first] = read.errors;
      warnings.push(warning(path, `not a Callboard save (${first.path ? `${first.path}: ` : ''}${first.message}): that version is not imported`, first));
      continue;
    }
    const note = typeof e.note === 'string' && e.note.trim() ? e.note.trim().slice(0, MAX_VERSION_NOTE) : undefined;
    versions.push({ at: e.at!, ...(note ? { note } : {}), doc: read.doc });
  }
  return { versions, warnings };
}
