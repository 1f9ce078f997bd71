// Which versions a project keeps (issue 15, History). Pure: the repository applies it on every
// write. Automatic versions are editing bursts: at most one per minute of editing (a new one within
// a minute of the last replaces it), and older ones are thinned, a bucket each — every one of the
// last hour, one per 10 minutes for a day, one per hour for a week, one per day after that — never
// touching a named version. A byte budget per project drops the oldest automatic versions first;
// named versions are never dropped to make room: a named save that does not fit is refused with
// a message, so nothing is lost silently.

export interface VersionMeta {
  id: string;
  at: number;
  kind: 'auto' | 'named';
  bytes: number;
}

export const BURST_MS = 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [age up to, bucket width]: within an age band, one automatic version per bucket is kept. */
const BANDS: readonly [number, number][] = [
  [HOUR, 0],
  [DAY, 10 * MINUTE],
  [7 * DAY, HOUR],
  [Infinity, DAY],
];

/** Whether an edit at `now` belongs to the burst of the newest automatic version (and replaces it). */
export function sameBurst(last: VersionMeta | undefined, now: number): boolean {
  return !!last && last.kind === 'auto' && now - last.at < BURST_MS;
}

/** The automatic versions to drop by age; the newest of each bucket stays. */
export function thinned(versions: readonly VersionMeta[], now: number): string[] {
  const drop: string[] = [];
  const seen = new Set<string>();
  const autos = versions.filter((v) => v.kind === 'auto').sort((a, b) => b.at - a.at);
  for (const v of autos) {
    const age = Math.max(0, now - v.at);
    const band = BANDS.findIndex(([upTo]) => age < upTo);
    const width = BANDS[band][1];
    if (width === 0) continue;
    const bucket = `${band}:${Math.floor(v.at / width)}`;
    if (seen.has(bucket)) drop.push(v.id);
    else seen.add(bucket);
  }
  return drop;
}

export type BudgetOutcome =
  | { ok: true; drop: string[] }
  /** Named versions alone fill the budget: the new one does not fit. */
  | { ok: false; message: string };

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Fits `incoming` into `budget` bytes with what is kept: drops the oldest automatic versions (never
 * the newest, which holds the current work, and never a named one) until it fits.
 */
export function fitBudget(kept: readonly VersionMeta[], incoming: VersionMeta, budget: number): BudgetOutcome {
  let total = kept.reduce((sum, v) => sum + v.bytes, 0) + incoming.bytes;
  if (total <= budget) return { ok: true, drop: [] };
  const drop: string[] = [];
  const autos = kept.filter((v) => v.kind === 'auto').sort((a, b) => a.at - b.at);
  for (const v of autos) {
    if (total <= budget) break;
    drop.push(v.id);
    total -= v.bytes;
  }
  if (total <= budget) return { ok: true, drop };
  if (incoming.kind === 'auto') return { ok: true, drop: [...drop, incoming.id] };
  return {
    ok: false,
    message: `Versions are full: named versions take ${megabytes(total - incoming.bytes)} of the ${megabytes(budget)} this project may keep. Delete a named version, or export the project as .zip (it carries them), then save again.`,
  };
}
