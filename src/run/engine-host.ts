/// <reference types="vite/client" />
// The page's side of the engine worker. Each user of the engine (the simulator, the Tests panel, a
// replay) has a host of its own, so stopping one never ends another's work. A call is stopped by
// asking the worker to abort (model calls end at once and the engine returns its 'aborted'
// session); if the worker does not answer within STOP_GRACE_MS it is inside agent code that cannot
// hear a message, and it is terminated: the call then rejects with EngineStopped, and the next call
// starts a fresh worker.
import * as Comlink from 'comlink';
import type { EngineApi } from './engine-api';
import { wireClient, type WireEngineApi } from './engine-wire';

export const STOP_GRACE_MS = 250;

/** A call ended by terminating the worker: nothing it was doing was kept. */
export class EngineStopped extends Error {
  constructor() {
    super('Stopped while the agent\'s own code was running.');
    this.name = 'EngineStopped';
  }
}

type Remote = Comlink.Remote<EngineApi> | EngineApi;


let nextCallId = 1;

export class EngineHost {
  private worker: Worker | undefined;
  private remote: Remote | undefined;
  /** Calls in flight, each with a way to end it from here. */
  private live = new Map<number, (error: Error) => void>();

  private async ensure(): Promise<Remote> {
    if (this.remote) return this.remote;
    if (typeof Worker === 'undefined') {
      const { createEngineApi } = await import('./engine-api');
      this.remote ??= createEngineApi();
      return this.remote;
    }
    const { default: EngineWorker } = await import('./engine.worker?worker');
    if (this.remote) return this.remote;
    const worker = new EngineWorker();
    worker.onerror = (event) => {
      event.preventDefault();
      this.kill(new Error(`the simulator's worker failed: ${event.message || 'worker error'}`));
    };
    this.worker = worker;
    // Steps go over the wire in patches and keys (./engine-wire.ts), the rest as it is.
    this.remote = wireClient(Comlink.wrap<WireEngineApi>(worker));
    return this.remote;
  }

  /** Ends every call in flight with `error` and throws the worker away. */
  private kill(error: Error): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.remote = undefined;
    for (const end of this.live.values()) end(error);
    this.live.clear();
  }

  /** Wraps a function for the worker to call back (live progress, streamed text, a run's result). */
  static callback<F extends object>(fn: F): F {
    return typeof Worker === 'undefined' ? fn : (Comlink.proxy(fn) as unknown as F);
  }

  /** Runs `work` on the engine; `signal` stops it (see the file's comment). */
  call<T>(work: (api: Remote, callId: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const callId = nextCallId++;
    // A worker already up is called in this task: a step's message leaves before the page renders.
    if (this.remote) return this.track(this.remote, callId, work, signal);
    return this.ensure().then((api) => this.track(api, callId, work, signal));
  }

  private track<T>(api: Remote, callId: number, work: (api: Remote, callId: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        settled = true;
        this.live.delete(callId);
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        void Promise.resolve(api.abort(callId)).catch(() => undefined);
        timer = setTimeout(() => !settled && this.kill(new EngineStopped()), STOP_GRACE_MS);
      };
      this.live.set(callId, (error) => {
        if (settled) return;
        done();
        reject(error);
      });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      work(api, callId).then(
        (value) => {
          if (settled) return;
          done();
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          done();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
