import { describeEntity, type AgentDocument } from '../../model';
import type { Loss } from '../../model';
import { useStoreApi } from '../../store/context';

/** The why of a loss: its message after "<feature> is not expressed in <runtime>: ". */
const why = (loss: Loss) => loss.message.slice(loss.message.indexOf(': ') + 2) || loss.message;

interface Props {
  doc: AgentDocument;
  losses: Loss[];
  notes: string[];
  /** What the list is about, e.g. "Pinecall TS". */
  target: string;
  /** Shown when nothing is lost. */
  empty: string;
  /** The list's heading; "Not expressed in <target>" by default. */
  title?: string;
}

/** What the chosen format cannot express; a click selects the entity and reveals the path. */
export function LossList({ doc, losses, notes, target, empty, title = `Not expressed in ${target}` }: Props) {
  const store = useStoreApi();
  return (
    <aside className="export-losses" data-testid="export-losses" aria-label={`What ${target} cannot express`}>
      <div className="panel-title">
        {title} {losses.length > 0 && <span className="export-loss-count" data-testid="export-loss-count">{losses.length}</span>}
      </div>
      {losses.length === 0 && notes.length === 0 ? (
        <div className="empty-state" data-testid="export-losses-empty">{empty}</div>
      ) : (
        <ul className="export-loss-list">
          {losses.map((loss, index) => (
            <li key={`${loss.path}${index}`}>
              <button
                className="export-loss"
                data-testid="export-loss"
                data-feature={loss.feature}
                data-path={loss.path}
                title={`${loss.message}\n${loss.path}`}
                onClick={() => store.getState().select(loss.entity.id === undefined ? { kind: loss.entity.kind } : loss.entity, { reveal: true, focusPath: loss.path })}
              >
                <span className="head">
                  <span className="feature">{loss.feature}</span>
                  <span className="where">{describeEntity(doc, loss.entity)}</span>
                </span>
                <span className="why">{why(loss)}</span>
              </button>
            </li>
          ))}
          {notes.map((note, index) => (
            <li key={`note${index}`} className="export-note" data-testid="export-note">
              <span className="icon" aria-label="note">i</span> {note}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
