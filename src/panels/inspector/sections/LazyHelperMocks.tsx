import { lazy, Suspense } from 'react';
import type { Tool } from '../../../model';
import type { SectionProps } from '../types';

// Loaded when a tool's Code tab first opens: the page's first load stays within its budget
// (.size-limit.mjs), and the list waits on the engine worker's reading of the code anyway.
const HelperMocks = lazy(() => import('./HelperMocks').then((m) => ({ default: m.HelperMocks })));

export function LazyHelperMocks(props: SectionProps<Tool>) {
  return (
    <Suspense fallback={null}>
      <HelperMocks {...props} />
    </Suspense>
  );
}
