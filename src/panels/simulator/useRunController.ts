import { useSyncExternalStore } from 'react';
import { useStoreApi } from '../../store/context';
import { runControllerFor } from '../../run/controllers';
import type { ControllerView, RunController } from '../../run/controller';

export { runControllerFor };

export function useRunController(): RunController {
  return runControllerFor(useStoreApi());
}

/** The controller's own notice and draft, as React state. */
export function useControllerView(controller: RunController): ControllerView {
  return useSyncExternalStore(controller.subscribe, controller.getView);
}
