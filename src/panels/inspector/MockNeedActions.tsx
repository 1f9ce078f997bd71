import { helperMocksOf } from '../../simulator/class-code/mocks';
import type { MockNeed } from '../../simulator/types';
import { useApp, useStoreApi } from '../../store/context';
import { openHelperMock } from './open-mock';

/**
 * Under a tool run that failed for want of a mock answer (the chat's row, the turn inspector's
 * event): one button per need, opening that helper's mock answer editor in the tool's inspector.
 * The row is a record of that run: a need given a mock answer since offers to edit it instead.
 */
export function MockNeedActions({ tool, needs, className }: { tool: string; needs: MockNeed[]; className?: string }) {
  const store = useStoreApi();
  // A string, so that the selector's answer compares equal while nothing changed.
  const mocked = useApp((s) => needs.map((n) => (Object.hasOwn(helperMocksOf(s.doc), n.helper) ? '1' : '0')).join(''));
  return (
    <div className={`mock-need-actions${className ? ` ${className}` : ''}`} data-testid="mock-need-actions">
      {needs.map((need, i) => (
        <button
          key={need.helper}
          type="button"
          className="link"
          data-testid="give-mock"
          data-helper={need.helper}
          title={`Opens ${tool}'s Code tab at the mock answer of ${need.helper}: runs and tests then get that answer in place of the call`}
          onClick={() => openHelperMock(store, tool, need.helper)}
        >
          {mocked[i] === '1' ? `Edit ${need.helper}'s mock answer` : `Give ${need.helper} a mock answer`}
        </button>
      ))}
    </div>
  );
}
