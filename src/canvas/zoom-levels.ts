/**
 * Semantic zoom. A card's body text (instructions, tool chips) is set at BODY_FONT_PX; on screen
 * it is that times the zoom. Below READABLE_PX nobody reads it, so cards show only their name and
 * kind, large, and the rest is hidden (less to read and far less to paint).
 */
export const BODY_FONT_PX = 12;
export const READABLE_PX = 9;
/** The zoom below which body text would be unreadable: 0.75. */
export const FAR_ZOOM = READABLE_PX / BODY_FONT_PX;
/** Edge labels (11 px) stay until further out: they are how a person finds an edge to click. */
export const EDGE_LABELS_HIDDEN_ZOOM = 0.45;

export const isFar = (zoom: number) => zoom < FAR_ZOOM;
export const edgeLabelsHidden = (zoom: number) => zoom < EDGE_LABELS_HIDDEN_ZOOM;

/** A name on a card reads at this size on screen at least, where it fits the card (name-fit.ts). */
export const NAME_SCREEN_PX = 11.5;
/**
 * Far out, steps of zoom, each with the font size (flow px) a card's name takes there: from the
 * step's lowest zoom up, the name reads at NAME_SCREEN_PX or more. A name too long for its card at
 * that size takes the largest size that fits it whole (canvas.css, --fit-name). Steps, not a size
 * per zoom: a change of step restyles every card, which a zoom gesture must not do on every tick.
 */
export const FAR_STEPS: readonly { from: number; namePx: number }[] = [
  { from: 0.55, namePx: 21 },
  { from: 0.42, namePx: 28 },
  { from: 0.33, namePx: 35 },
  { from: 0.26, namePx: 45 },
  { from: 0.2, namePx: 58 },
  { from: 0.15, namePx: 77 },
  { from: 0, namePx: 96 },
];
/** 0 close up, else the far step (1 the nearest): canvas.css's .cb-far-N. */
export function farStep(zoom: number): number {
  if (!isFar(zoom)) return 0;
  const index = FAR_STEPS.findIndex((s) => zoom >= s.from);
  return (index < 0 ? FAR_STEPS.length - 1 : index) + 1;
}

/**
 * Below this zoom a big agent's stage card is under ~80 px wide: its cards and edges are drawn as
 * one picture (overview-scene.ts) instead of painted one by one, which on a big agent made every
 * frame's compositing scale with the agent. The DOM cards stay, unpainted, for the pointer and the
 * keyboard. A smaller agent keeps its DOM cards, with their names sized for the zoom, down to
 * SMALL_OVERVIEW_ZOOM.
 */
export const OVERVIEW_ZOOM = 0.3;
export const SMALL_OVERVIEW_ZOOM = 0.15;
/** Cards (blocks and stages) past which an agent is big: the canvas renders only what is in view, and the overview starts sooner. */
export const BIG_AGENT_NODES = 200;
export const isOverview = (zoom: number, big = true) => zoom < (big ? OVERVIEW_ZOOM : SMALL_OVERVIEW_ZOOM);
