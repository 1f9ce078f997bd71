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
/**
 * Below this zoom a stage card is under ~80 px wide and its name under 9 px: the cards and edges
 * are drawn as one picture (overview-scene.ts) instead of painted one by one, which on a big agent
 * made every frame's compositing scale with the agent. The DOM cards stay, unpainted, for the
 * pointer and the keyboard.
 */
export const OVERVIEW_ZOOM = 0.3;
export const isOverview = (zoom: number) => zoom < OVERVIEW_ZOOM;
