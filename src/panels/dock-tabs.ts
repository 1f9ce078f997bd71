import type { BottomTab } from '../store';

/** The bottom dock's tabs, in order: its tab row and the Ctrl+K palette's "Open …" rows read it. */
export const DOCK_TABS: { id: BottomTab; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'simulator', label: 'Simulator' },
  { id: 'changelog', label: 'Change log' },
  { id: 'turns', label: 'Turn inspector' },
  { id: 'tests', label: 'Tests' },
  { id: 'export', label: 'Export preview' },
  { id: 'versions', label: 'Versions' },
];
