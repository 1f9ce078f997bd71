import type { Marker } from './types';

const SEVERITY: Record<number, string> = { 8: 'error', 4: 'warning', 2: 'info', 1: 'hint' };

/**
 * The editor's markers as a list under it: a squiggle scrolled out of view (or at the very end
 * of a tool body) is still seen, and read by screen readers.
 */
export function MarkerList({ markers, testId, lineOffset = 0 }: { markers: Marker[]; testId: string; lineOffset?: number }) {
  const shown = markers.filter((m) => m.severity >= 4);
  if (shown.length === 0) return null;
  return (
    <ul className="marker-list" data-testid={testId}>
      {shown.slice(0, 8).map((m, i) => (
        <li key={`${m.startLineNumber}:${m.startColumn}:${i}`} className={SEVERITY[m.severity]}>
          <span className="where">{m.startLineNumber + lineOffset}:{m.startColumn}</span>
          <span className={SEVERITY[m.severity]}>{m.message}</span>
        </li>
      ))}
      {shown.length > 8 && <li className="where">and {shown.length - 8} more</li>}
    </ul>
  );
}
