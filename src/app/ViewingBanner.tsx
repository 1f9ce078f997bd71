import { useApp, useStoreApi } from '../store/context';
import { restoreVersion } from '../store/versions/actions';

/**
 * A version open read-only (issue 15): the workspace shows it — canvas, outline, inspector, the
 * simulator — and refuses edits; this banner says so and offers the ways out.
 */
export function ViewingBanner() {
  const store = useStoreApi();
  const viewing = useApp((s) => s.viewing);
  const refused = useApp((s) => s.refusedEdits);
  if (!viewing) return null;
  const restore = () => {
    const version = store.getState().doc;
    restoreVersion(store, version, viewing.label);
  };
  const compareWithOpen = () => store.getState().startCompare(viewing.live, 'the open agent');
  return (
    <div className="project-banner note" role="status" data-testid="viewing-banner">
      <span>
        <strong>Viewing {viewing.label}, read-only.</strong> The open agent is kept as it was; nothing you do here changes or saves it.
        {refused > 0 && <span data-testid="viewing-refused"> Edits are not made on a version.</span>}
      </span>
      <button className="primary" onClick={() => store.getState().closeViewing()} data-testid="viewing-close">Back to the open agent</button>
      <button onClick={restore} data-testid="viewing-restore" title="The open agent becomes this version; Undo brings it back">Restore this version</button>
      <button className="ghost" onClick={compareWithOpen} data-testid="viewing-compare">Compare with the open agent</button>
    </div>
  );
}
