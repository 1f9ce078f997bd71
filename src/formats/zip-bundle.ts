// A .zip of an agent with its tests (issue 6) read back: its one agent file and its
// tests/*.golden.json, within ZIP_LIMITS (zip.ts). Pure, so the app's zip worker runs it whole and
// the main thread only receives the texts.
import { ZIP_LIMITS, type ZipLimits } from '../model/limits';
import type { BundleFile } from './bundle';
import { pickAgentFile } from './folder-agent';
import { refusedEntry } from '../runtimes/pinecall/format';
import { readZip } from './zip';

/** bundle.ts's isGoldenPath, not imported from there: the worker would load the exporters with it (zip-bundle.test.ts checks they agree). */
const isGoldenPath = (path: string): boolean => path.endsWith('.golden.json');

/** A named version's file or their index (version-files.ts writes them under versions/): never the agent. */
export const isVersionPath = (path: string): boolean => /^versions\/[^/]+\.json$/.test(path);

/** What a .zip bundle holds: its one agent file and its goldens, or why not. */
export type UnzippedBundle =
  /**
   * `siblings`: the other TypeScript files beside a Pinecall agent (its base class, its helpers), by path in the .zip.
   * `versions`: the named versions' files and their index (versions/index.json), read by version-files.ts.
   * `refused`: the entries left out for leaving the folder or being links (security issue 30): by
   * the path an import would reach them at, with why (a clause after the path); an import of one says it.
   */
  | { ok: true; agent: BundleFile; goldens: BundleFile[]; siblings: BundleFile[]; versions: BundleFile[]; refused: RefusedEntry[] }
  | { ok: false; message: string };

/** An entry of a .zip or a chosen folder left out: where an import would reach it, and why not (a clause after the path). */
export interface RefusedEntry {
  path: string;
  why: string;
}

const AGENT_FILE = /\.(tsx?|py|jinja|rb|erb|ya?ml|json)$/i;

/** Folders, what macOS adds (`__MACOSX/`) and dot files are skipped; the rest is an agent file or a golden. */
const isBundlePath = (path: string): boolean =>
  !path.endsWith('/') && !path.startsWith('__MACOSX/') && !path.split('/').some((part) => part.startsWith('.')) &&
  (isGoldenPath(path) || AGENT_FILE.test(path));

/**
 * Reads a .zip as `callboard convert -o` or the export's "Download with tests" writes it: one
 * agent file (any folder) and its goldens; a Pinecall agent may come with the TypeScript files it
 * imports (folder-agent.ts picks which is the agent). Only those entries are inflated.
 */
export function readBundleZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): UnzippedBundle {
  // A link entry, or a name that leaves the folder (`lib\..\..\x.ts`, `/etc/x.ts`, `C:/x.ts`, NUL), is not inflated.
  const named = (path: string) => refusedEntry(path, false, 'the .zip');
  const read = readZip(bytes, (path) => isBundlePath(path) && !named(path), limits);
  if (!read.ok) return read;
  const refused = [
    ...read.links.flatMap((path) => refusedEntry(path, true, 'the .zip') ?? []),
    ...read.skipped.filter(isBundlePath).flatMap((path) => named(path) ?? []),
  ];
  const decoder = new TextDecoder();
  const files: BundleFile[] = read.entries.map((e) => ({ path: e.path, text: decoder.decode(e.data) }));
  const goldens = files.filter((f) => isGoldenPath(f.path));
  const versions = files.filter((f) => isVersionPath(f.path));
  const picked = pickAgentFile(files.filter((f) => !isGoldenPath(f.path) && !isVersionPath(f.path)));
  if (!picked.ok) return picked;
  return { ok: true, agent: picked.agent, goldens, siblings: picked.siblings, versions, refused };
}
