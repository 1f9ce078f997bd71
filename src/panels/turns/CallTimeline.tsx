import type { CSSProperties } from 'react';
import { callFailed, formatMs, timeAxis, type AxisBar, type ModelCallEntry } from './trace';

/** A bar narrower than this (a fraction of the axis) has its latency written beside it, not in it. */
const INSIDE = 0.16;

/** Beside a narrow bar: after it when there is room, else before it. */
function outsideLabel(bar: AxisBar): CSSProperties {
  const end = bar.left + bar.width;
  return end < 0.85 ? { left: `calc(${end * 100}% + 4px)` } : { right: `calc(${(1 - bar.left) * 100}% + 4px)` };
}

export function callLabel(call: ModelCallEntry): string {
  return call.request.purpose ?? (call.request.toolChoice === 'required' ? 'tools' : 'call');
}

/**
 * The step's model calls as a list to pick from, each with a bar on one shared time axis: Block
 * Agent's reply and tool calls, started together, are seen to overlap; Pinecall's calls follow
 * one another, with the tool runs in the gaps.
 */
export function CallTimeline(props: { calls: ModelCallEntry[]; selected: number; onSelect: (call: number) => void }) {
  const { bars, ticks } = timeAxis(props.calls);
  return (
    <div className="tl" data-testid="call-timeline">
      <div className="tl-row tl-ticks" aria-hidden>
        <span className="tl-label" />
        <span className="tl-track">
          {ticks.map((t) => (
            <span key={t.ms} className="tl-tick" style={{ left: `${t.left * 100}%` }}>{formatMs(t.ms)}</span>
          ))}
        </span>
      </div>
      {props.calls.map((call, i) => (
        <button
          key={call.call}
          className={`tl-row ${callFailed(call) ? 'failed' : call.error !== undefined ? 'unused' : ''}`}
          aria-pressed={props.selected === call.call}
          onClick={() => props.onSelect(call.call)}
          data-testid="call-row"
          data-call={call.call}
        >
          <span className="tl-label">
            <span className="tl-num">{call.call}</span> {callLabel(call)}
          </span>
          <span className="tl-track">
            {ticks.map((t) => <span key={t.ms} className="tl-grid" style={{ left: `${t.left * 100}%` }} />)}
            <span
              className="tl-bar"
              data-testid="axis-bar"
              data-call={call.call}
              style={{ left: `${bars[i].left * 100}%`, width: `${bars[i].width * 100}%` }}
              title={`started +${formatMs(bars[i].startMs)}, took ${formatMs(call.ms)}`}
            >
              {bars[i].width >= INSIDE && <span className="tl-bar-text">{formatMs(call.ms)}</span>}
            </span>
            {bars[i].width < INSIDE && <span className="tl-bar-text outside" style={outsideLabel(bars[i])}>{formatMs(call.ms)}</span>}
          </span>
        </button>
      ))}
    </div>
  );
}
