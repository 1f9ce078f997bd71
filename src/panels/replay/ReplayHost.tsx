import { lazy, Suspense } from 'react';
import type { RunController } from '../../run/controller';
import { closeReplay, useReplayRequest } from './replay-request';

// Loaded when a replay is first asked for: nothing of it is part of first paint.
const ReplayDialog = lazy(() => import('./ReplayDialog'));

/** Where the replay view opens, over the app, when "Replay from here" is pressed. */
export function ReplayHost({ controller }: { controller: RunController }) {
  const request = useReplayRequest();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReplayDialog key={request.seq} controller={controller} fromIndex={request.fromIndex} onClose={closeReplay} />
    </Suspense>
  );
}
