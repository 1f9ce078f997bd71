import { lazy, memo, Suspense } from 'react';
import type { RunController } from '../../run/controller';
import { useApp, useStoreApi } from '../../store/context';

// Loaded when a replay is first asked for: nothing of it is part of first paint.
const ReplayDialog = lazy(() => import('./ReplayDialog'));

/** Where the replay view opens, over the app, when "Replay from here" is pressed. */
export const ReplayHost = memo(function ReplayHost({ controller }: { controller: RunController }) {
  const store = useStoreApi();
  const request = useApp((s) => s.replayRequest);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReplayDialog key={request.seq} controller={controller} fromIndex={request.fromIndex} onClose={() => store.getState().closeReplay()} />
    </Suspense>
  );
});
