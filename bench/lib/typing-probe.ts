// Runs inside the app page for the typing part, installed before the app's own scripts: every
// keystroke's Event Timing entry (type 'event', durationThreshold 16, the Event Timing API's
// floor) and its keydown → next paint time, plus long tasks, so the bench reads what a person
// typing would feel and what blocked the main thread meanwhile.
export interface TypingProbe {
  /** keydown event.timeStamp and the time to the frame after it (rAF, then a posted message: after paint). */
  keys: { at: number; toPaint: number }[];
  /** Event Timing entries of keyboard and input events (16 ms and longer). */
  events: { name: string; start: number; duration: number }[];
  longTasks: { start: number; duration: number }[];
}

export function installTypingProbe(): void {
  const probe: TypingProbe = { keys: [], events: [], longTasks: [] };
  (window as unknown as { __typingProbe: TypingProbe }).__typingProbe = probe;
  const channel = new MessageChannel();
  const waiting: { at: number }[] = [];
  channel.port1.onmessage = () => {
    const key = waiting.shift();
    if (key) probe.keys.push({ at: key.at, toPaint: performance.now() - key.at });
  };
  window.addEventListener('keydown', (event) => {
    const at = event.timeStamp;
    requestAnimationFrame(() => {
      waiting.push({ at });
      channel.port2.postMessage(null);
    });
  }, { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (/^key|^input|^beforeinput/.test(entry.name)) probe.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * One duration per keystroke: the longest Event Timing entry of its keydown, keypress or input
 * (all start at or just after the keydown's timestamp, before the next key); a keystroke Event
 * Timing did not report (under its 16 ms floor) takes its keydown → next paint time instead.
 */
export function keystrokeDurations(probe: TypingProbe, from: number, to: number): number[] {
  const keys = probe.keys.filter((k) => k.at >= from && k.at <= to).sort((a, b) => a.at - b.at);
  return keys.map((key, i) => {
    const next = keys[i + 1]?.at ?? Infinity;
    const entries = probe.events.filter((e) => e.start >= key.at - 1 && e.start < next - 1);
    return entries.length > 0 ? Math.max(...entries.map((e) => e.duration)) : key.toPaint;
  });
}
