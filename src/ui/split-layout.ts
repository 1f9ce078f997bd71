// The arithmetic of the workspace's split panes (./SplitPanes.tsx), kept apart so it is tested
// without a browser. A layout is one size per panel, in percent of the group, adding up to 100.
// A separator moves the two panels either side of it; a panel never gets smaller than its minimum,
// except that a collapsible one dragged below half its minimum collapses to 0.

export interface PanelSpec {
  id: string;
  /** Percent of the group at first; panels without one share what the others leave. */
  defaultSize?: number;
  /** Percent of the group. */
  minSize: number;
  collapsible: boolean;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function defaultLayout(specs: readonly PanelSpec[]): number[] {
  const given = specs.reduce((sum, s) => sum + (s.defaultSize ?? 0), 0);
  const open = specs.filter((s) => s.defaultSize === undefined).length;
  const rest = open > 0 ? Math.max(0, 100 - given) / open : 0;
  return specs.map((s) => round(s.defaultSize ?? rest));
}

/**
 * A saved layout (`{ panelId: percent }`) when it still fits these panels: the same ids, every
 * size a number at or above its panel's minimum (or 0 for a collapsible panel), adding up to 100.
 */
export function restoreLayout(specs: readonly PanelSpec[], saved: unknown): number[] | undefined {
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return undefined;
  const record = saved as Record<string, unknown>;
  if (Object.keys(record).length !== specs.length) return undefined;
  const sizes: number[] = [];
  for (const spec of specs) {
    const size = record[spec.id];
    if (typeof size !== 'number' || !Number.isFinite(size)) return undefined;
    if (size < spec.minSize - 0.01 && !(spec.collapsible && size === 0)) return undefined;
    sizes.push(size);
  }
  const total = sizes.reduce((a, b) => a + b, 0);
  return Math.abs(total - 100) < 0.1 ? sizes : undefined;
}

export const layoutRecord = (specs: readonly PanelSpec[], layout: readonly number[]): Record<string, number> =>
  Object.fromEntries(specs.map((s, i) => [s.id, layout[i]!]));

/** `size` as the panel may take it: its minimum, or 0 when collapsible and asked for under half of it. */
function fit(size: number, spec: PanelSpec): number {
  if (size >= spec.minSize) return size;
  return spec.collapsible && size < spec.minSize / 2 ? 0 : spec.minSize;
}

/**
 * The layout after the separator between panel `index` and panel `index + 1` moved by `delta`
 * percent (positive: towards the second panel), measured from `start`, the layout when the drag began.
 */
export function resizePair(start: readonly number[], specs: readonly PanelSpec[], index: number, delta: number): number[] {
  const a = start[index]!;
  const b = start[index + 1]!;
  const total = a + b;
  let first = Math.min(total, Math.max(0, fit(a + delta, specs[index]!)));
  const second = fit(total - first, specs[index + 1]!);
  first = total - second;
  if (first !== 0 && first < specs[index]!.minSize) return [...start];
  const next = [...start];
  next[index] = round(first);
  next[index + 1] = round(total - round(first));
  return next;
}

/**
 * Collapses the collapsible panel next to separator `index` (the one before it, else the one
 * after), or opens it again to `restore` (its size before it collapsed) or its minimum.
 */
export function toggleCollapse(layout: readonly number[], specs: readonly PanelSpec[], index: number, restore?: number): number[] {
  const side = specs[index]!.collapsible ? index : specs[index + 1]!.collapsible ? index + 1 : -1;
  if (side < 0) return [...layout];
  const other = side === index ? index + 1 : index;
  const total = layout[side]! + layout[other]!;
  if (layout[side]! > 0) {
    const next = [...layout];
    next[side] = 0;
    next[other] = round(total);
    return next;
  }
  const wanted = Math.max(specs[side]!.minSize, restore ?? 0);
  const size = Math.min(wanted, total - specs[other]!.minSize);
  if (size < specs[side]!.minSize) return [...layout];
  const next = [...layout];
  next[side] = round(size);
  next[other] = round(total - round(size));
  return next;
}
