// Reading a .zip within ZIP_LIMITS (model/limits.ts). A 3 MB .zip can hold entries that inflate to
// gigabytes, and fflate's unzipSync allocates each entry's declared size up front. So the central
// directory is read first: the entry count, each entry's declared size and their total are checked
// before anything is inflated. Then each entry inflates in slices, and stops as soon as its output
// passes the size it declared (a header that lies gets no further), so the total stays within the
// limit too. Pure (fflate's Inflate, no DOM, no Node): the app runs it in a worker
// (worker/zip.worker.ts), tests in place.
import { Inflate } from 'fflate';
import { formatBytes, formatCount, ZIP_LIMITS, type ZipLimits } from '../model/limits';

export interface ZipEntry {
  path: string;
  data: Uint8Array;
}
/**
 * `links`: the entries `wanted` keeps that the .zip marks as symbolic links (or Windows reparse
 * points), never inflated: a link's data is where it points, which a reader unzipping to disk would
 * follow out of the folder (security issue 30).
 */
export type ZipRead = { ok: true; entries: ZipEntry[]; skipped: string[]; links: string[] } | { ok: false; message: string };

/** Compressed bytes handed to the inflater at a time: what one step can inflate is bounded by it (deflate expands at most ~1,032×). */
const SLICE = 4096;
const MAX_U32 = 0xffffffff;

interface Listed {
  path: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Marked a symbolic link by its external attributes. */
  link: boolean;
}

/** Unix's file type bits (the high 16 bits of the external attributes, as Info-ZIP writes them) for a symbolic link. */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** MS-DOS attributes (the low byte, and Windows's reparse-point bit): a junction or symbolic link. */
const FILE_ATTRIBUTE_REPARSE_POINT = 0x400;
/** The hosts whose external attributes carry Unix modes: Unix (3), macOS (19). */
const UNIX_HOSTS = [3, 19];

/** Whether a central-directory entry, by its host ("version made by") and external attributes, is a link. */
export function isLinkEntry(madeBy: number, external: number): boolean {
  if (UNIX_HOSTS.includes(madeBy >>> 8) && ((external >>> 16) & S_IFMT) === S_IFLNK) return true;
  return (external & FILE_ATTRIBUTE_REPARSE_POINT) !== 0;
}

class Damaged extends Error {}

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (at: number, length: number) => {
    if (at < 0 || at + length > bytes.length) throw new Damaged('it ends before the entry it describes');
  };
  return {
    u16: (at: number) => (need(at, 2), view.getUint16(at, true)),
    u32: (at: number) => (need(at, 4), view.getUint32(at, true)),
    u64: (at: number) => (need(at, 8), view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32),
    need,
  };
}

/** The central directory's entries: count and sizes as the .zip declares them, nothing inflated. */
function listEntries(bytes: Uint8Array, limits: ZipLimits): Listed[] | string {
  const r = reader(bytes);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (r.u32(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new Damaged('it has no central directory (is it a .zip?)');
  let count = r.u16(eocd + 10);
  let offset = r.u32(eocd + 16);
  if ((count === 0xffff || offset === MAX_U32) && eocd >= 20 && r.u32(eocd - 20) === 0x07064b50) {
    const record = r.u64(eocd - 12);
    if (r.u32(record) !== 0x06064b50) throw new Damaged('its ZIP64 directory record is missing');
    count = r.u64(record + 32);
    offset = r.u64(record + 48);
  }
  if (count > limits.entries) return `the .zip lists ${formatCount(count)} entries; Callboard reads at most ${formatCount(limits.entries)}: zip only the agent file and its tests/ folder`;
  const entries: Listed[] = [];
  for (let i = 0, at = offset; i < count; i++) {
    if (r.u32(at) !== 0x02014b50) throw new Damaged(`entry ${i + 1} of its central directory is not where the directory says`);
    const flags = r.u16(at + 8);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const entry: Listed = {
      path: '', method: r.u16(at + 10), compressedSize: r.u32(at + 20), size: r.u32(at + 24), localOffset: r.u32(at + 42),
      link: isLinkEntry(r.u16(at + 4), r.u32(at + 38)),
    };
    r.need(at + 46, nameLength + extraLength);
    entry.path = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64: the sizes and offset that do not fit 32 bits are in the extra field 0x0001, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + r.u16(x + 2)) {
      if (r.u16(x) !== 0x0001) continue;
      let field = x + 4;
      for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
        if (entry[key] !== MAX_U32) continue;
        entry[key] = r.u64(field);
        field += 8;
      }
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + r.u16(at + 32);
  }
  return entries;
}

/** One entry inflated, stopped as soon as its output passes `cap` bytes; the bytes, or 'over'. */
function inflateEntry(bytes: Uint8Array, entry: Listed, cap: number): Uint8Array | 'over' {
  const r = reader(bytes);
  if (r.u32(entry.localOffset) !== 0x04034b50) throw new Damaged(`the entry ${entry.path} is not where the directory says`);
  const start = entry.localOffset + 30 + r.u16(entry.localOffset + 26) + r.u16(entry.localOffset + 28);
  r.need(start, entry.compressedSize);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.length > cap ? 'over' : data.slice();
  if (entry.method !== 8) throw new Damaged(`the entry ${entry.path} is compressed with method ${entry.method}, not deflate; zip it again with the usual settings`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size <= cap) chunks.push(chunk);
  });
  for (let at = 0; size <= cap; at += SLICE) {
    const end = Math.min(at + SLICE, data.length);
    inflate.push(data.subarray(at, end), end === data.length);
    if (end === data.length) break;
  }
  if (size > cap) return 'over';
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The entries of a .zip that `wanted` keeps, inflated within `limits`, or why not: a message
 * naming the entry and the limit it passes. Entries `wanted` leaves out are only listed.
 */
export function readZip(bytes: Uint8Array, wanted: (path: string) => boolean, limits: ZipLimits = ZIP_LIMITS): ZipRead {
  if (bytes.length > limits.zipBytes) {
    return { ok: false, message: `the .zip is ${formatBytes(bytes.length)}; Callboard reads a .zip of at most ${formatBytes(limits.zipBytes)}: zip only the agent file and its tests/ folder` };
  }
  try {
    const listed = listEntries(bytes, limits);
    if (typeof listed === 'string') return { ok: false, message: listed };
    const links = listed.filter((e) => e.link && wanted(e.path)).map((e) => e.path);
    const kept = listed.filter((e) => !e.link && wanted(e.path));
    const perFile = `Callboard reads at most ${formatBytes(limits.entryBytes)} per file`;
    let declared = 0;
    for (const entry of kept) {
      if (entry.size > limits.entryBytes) return { ok: false, message: `${entry.path} in the .zip is ${formatBytes(entry.size)} once inflated; ${perFile}` };
      declared += entry.size;
    }
    const total = `Callboard reads at most ${formatBytes(limits.totalBytes)} from one .zip`;
    if (declared > limits.totalBytes) return { ok: false, message: `the files of the .zip are ${formatBytes(declared)} once inflated; ${total}` };
    // Each entry inflates up to the size it declares (checked above against the limits), not a byte more.
    const entries: ZipEntry[] = [];
    for (const entry of kept) {
      const data = inflateEntry(bytes, entry, entry.size);
      if (data === 'over') {
        return { ok: false, message: `${entry.path} in the .zip inflates past the ${formatBytes(entry.size)} its header declares, so the .zip is damaged or made to mislead; Callboard stopped there: zip the files again` };
      }
      entries.push({ path: entry.path, data });
    }
    return { ok: true, entries, skipped: listed.filter((e) => !wanted(e.path)).map((e) => e.path), links };
  } catch (error) {
    const reason = error instanceof Damaged ? error.message : error instanceof Error ? error.message : String(error);
    return { ok: false, message: `the .zip could not be read (${reason}): export it again, or open the agent file itself` };
  }
}
