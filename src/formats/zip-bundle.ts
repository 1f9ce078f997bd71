// A .zip of an agent with its tests (issue 6) read back: its one agent file and its
// tests/*.golden.json, within ZIP_LIMITS (zip.ts). Pure, so the app's zip worker runs it whole and
// the main thread only receives the texts.
import { ZIP_LIMITS, type ZipLimits } from '../model/limits';
import type { BundleFile } from './bundle';
import { readZip } from './zip';

/** bundle.ts's isGoldenPath, not imported from there: the worker would load the exporters with it (zip-bundle.test.ts checks they agree). */
const isGoldenPath = (path: string): boolean => path.endsWith('.golden.json');

/** What a .zip bundle holds: its one agent file and its goldens, or why not. */
export type UnzippedBundle =
  | { ok: true; agent: BundleFile; goldens: BundleFile[] }
  | { ok: false; message: string };

const AGENT_FILE = /\.(tsx?|ya?ml|json)$/i;

/** Folders, what macOS adds (`__MACOSX/`) and dot files are skipped; the rest is an agent file or a golden. */
const isBundlePath = (path: string): boolean =>
  !path.endsWith('/') && !path.startsWith('__MACOSX/') && !path.split('/').some((part) => part.startsWith('.')) &&
  (isGoldenPath(path) || AGENT_FILE.test(path));

/**
 * Reads a .zip as `callboard convert -o` or the export's "Download with tests" writes it: one
 * agent file (any folder) and its goldens. Only those entries are inflated.
 */
export function readBundleZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): UnzippedBundle {
  const read = readZip(bytes, isBundlePath, limits);
  if (!read.ok) return read;
  const decoder = new TextDecoder();
  const files: BundleFile[] = read.entries.map((e) => ({ path: e.path, text: decoder.decode(e.data) }));
  const goldens = files.filter((f) => isGoldenPath(f.path));
  const agents = files.filter((f) => !isGoldenPath(f.path));
  if (agents.length !== 1) {
    return {
      ok: false,
      message: agents.length === 0
        ? 'the .zip holds no agent file (.yaml, .tsx, .ts or .json): put the agent beside its tests/ folder'
        : `the .zip holds ${agents.length} agent files (${agents.map((a) => a.path).join(', ')}): keep one agent with its tests/*.golden.json`,
    };
  }
  return { ok: true, agent: agents[0], goldens };
}
