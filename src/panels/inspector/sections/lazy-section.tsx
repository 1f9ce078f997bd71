import { lazy, Suspense, type ComponentType } from 'react';
import type { SectionProps } from '../types';

// Sections of entities the first screen does not show (tools, stages, edges: the agent's
// inspector is what opens first) load apart from the first paint, which is on a budget
// (.size-limit.mjs), when the first entity that shows one is selected: not on idle after boot,
// which fetched them (and the simulator's engine host the stage view brings) before anyone asked
// (issue 16). Until its chunk arrives a field shows nothing (a hidden marker, so that a problem's
// reveal waits for the field rather than missing it); from the same origin that is a moment.

/** `load` imports a chunk once; `pick` chooses one section component out of it. */
export function sectionChunk<M>(importer: () => Promise<M>) {
  let loading: Promise<M> | undefined;
  // A failed fetch (offline, a new deployment) is retried on the next use rather than remembered.
  const load = () => (loading ??= importer().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
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
