import { fitChips } from '../chips';
import type { ToolChip } from '../types';
import { useStoreApi } from '../../store/context';
import { TOOL_ID_ATTRIBUTE } from '../../commands/delete-selection';

/** Tool chips; a click selects the tool (the inspector opens it) instead of the card. */
export function ToolChips({ chips, width, rows, testPrefix }: { chips: ToolChip[]; width: number; rows: number; testPrefix: string }) {
  const store = useStoreApi();
  if (chips.length === 0) return null;
  const { shown, hidden } = fitChips(chips, width, rows);
  const rest = chips.slice(shown.length).map((c) => c.name).join(', ');
  return (
    <div className="cb-chips">
      {shown.map((chip) => (
        <button
          key={chip.id}
          type="button"
          className="cb-chip nodrag"
          title={`Tool ${chip.name}: open it (Delete removes it)`}
          data-testid={`${testPrefix}-tool-${chip.name}`}
          aria-keyshortcuts="Delete"
          {...{ [TOOL_ID_ATTRIBUTE]: chip.id }}
          onClick={(event) => {
            event.stopPropagation();
            store.getState().select({ kind: 'tool', id: chip.id }, { reveal: true });
          }}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          {chip.name}
        </button>
      ))}
      {hidden > 0 && <span className="cb-chip more" title={rest}>+{hidden}</span>}
    </div>
  );
}
