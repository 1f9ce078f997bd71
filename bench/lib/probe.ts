// Runs inside every canvas page (the app and both baselines), installed before the page's own
// scripts: when the generated agent's cards first show, long tasks (for "interactive"), and a
// requestAnimationFrame sampler the bench starts and stops around each gesture.
export interface Probe {
  /** performance.now() of the first frame painted with the agent's stage cards on screen. */
  cardsAt: number | null;
  longTasks: { start: number; end: number }[];
  start(): void;
  /** Frame-to-frame intervals (ms) since start(). */
  stop(): number[];
}

export function installProbe(): void {
  const probe: Probe = {
    cardsAt: null,
    longTasks: [],
    start() {
      frames = [];
      sampling = true;
      const tick = (t: number) => {
        if (!sampling) return;
        frames.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    stop() {
      sampling = false;
      return frames.slice(1).map((t, i) => t - frames[i]);
    },
  };
  let frames: number[] = [];
  let sampling = false;
  (window as unknown as { __benchProbe: Probe }).__benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The generated agent's stage ids start with "stage-" (bench/generate-agent.ts); the app's
  // sample agent, shown for a moment on some boots, has none.
  const watch = () => {
    if (document.querySelectorAll('.react-flow__node[data-id^="stage-"]').length >= 5) {
      requestAnimationFrame(() => {
        probe.cardsAt = performance.now();
      });
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}
