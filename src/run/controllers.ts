// One run controller per store, made on first use: tests get a fresh store, and so a fresh
// controller. Here (not in the simulator panel) so that a command — "Simulate from here" from a
// card's menu — reaches the same controller the panel shows.
import type { AppStore } from '../store/create';
import { RunController } from './controller';

const controllers = new WeakMap<AppStore, RunController>();

export function runControllerFor(store: AppStore): RunController {
  let controller = controllers.get(store);
  if (!controller) {
    controller = new RunController(store);
    controllers.set(store, controller);
  }
  return controller;
}
