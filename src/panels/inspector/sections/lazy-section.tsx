import { lazy, Suspense, type ComponentType } from 'react';
import type { SectionProps } from '../types';

// Sections of entities the first screen does not show (tools, stages, edges: the agent's
// inspector is what opens first) load apart from the first paint, which is on a budget
// (.size-limit.mjs). They are fetched when the page is idle after boot, so a selection a moment
// later usually finds them loaded; before that the field shows nothing until its chunk arrives
// (a hidden marker, so that a problem's reveal waits for the field rather than missing it).
// Idle prefetches start at most once per chunk: `load` is the same promise React.lazy awaits.

const whenIdle = (run: () => void) => {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
};

/** `load` imports a chunk once; `pick` chooses one section component out of it. */
export function sectionChunk<M>(importer: () => Promise<M>) {
  let loading: Promise<M> | undefined;
  // A failed fetch (offline, a new deployment) is retried on the next use rather than remembered.
  const load = () => (loading ??= importer().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
  whenIdle(() => void load().catch(() => undefined));
  return function lazySection<E>(pick: (module: M) => ComponentType<SectionProps<E>>): ComponentType<SectionProps<E>> {
    const Section = lazy(async () => ({ default: pick(await load()) }));
    function LazySection(props: SectionProps<E>) {
      // The marker tells a problem's reveal (Inspector.tsx) to wait for the field to arrive.
      return (
        <Suspense fallback={<span hidden data-section-loading="" />}>
          <Section {...props} />
        </Suspense>
      );
    }
    return LazySection;
  };
}
