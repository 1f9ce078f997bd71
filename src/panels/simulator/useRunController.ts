import { useSyncExternalStore } from 'react';
import { useStoreApi } from '../../store/context';
import type { AppStore } from '../../store/create';
import { RunController, type ControllerView } from '../../run/controller';

// One controller per store, made on first use: tests get a fresh store, and so a fresh controller.
const controllers = new WeakMap<AppStore, RunController>();

export function runControllerFor(store: AppStore): RunController {
  let controller = controllers.get(store);
  if (!controller) {
    controller = new RunController(store);
    controllers.set(store, controller);
  }
  return controller;
}

export function useRunController(): RunController {
  return runControllerFor(useStoreApi());
}

/** The controller's own notice and draft, as React state. */
export function useControllerView(controller: RunController): ControllerView {
  return useSyncExternalStore(controller.subscribe, controller.getView);
}
