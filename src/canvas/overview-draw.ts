// Draws an overview scene (overview-scene.ts) on a 2D canvas in the cards' own colours: the theme's
// CSS variables and the blocks' tints, resolved by the browser (so light, dark and any CSS colour
// a block names come out as the DOM cards would show them).
import { cullScene, fitText, nameLabel, visibleRect, type OverviewBox, type OverviewScene } from './overview-scene';
import type { Severity } from './types';
import type { ColorResolver } from './color-resolver';

export interface OverviewMarks {
  /** The stage the simulator's call is on (glows, as its card does). */
  current: string | null;
  /** The edge the last step took. */
  taken: string | null;
}

const SEVERITY_VAR: Record<Severity, string> = { error: 'var(--danger)', warning: 'var(--warning)', info: 'var(--info)' };
const mix = (tint: string, percent: number, base: string) => `color-mix(in srgb, ${tint} ${percent}%, ${base})`;
const paths = new Map<string, Path2D>();

function pathOf(d: string): Path2D {
  let path = paths.get(d);
  if (!path) {
    // Edges move with their cards; an unbounded cache would keep every shape a drag passed through.
    if (paths.size > 5000) paths.clear();
    path = new Path2D(d);
    paths.set(d, path);
  }
  return path;
}

function roundRect(ctx: CanvasRenderingContext2D, box: OverviewBox, radius: number) {
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, radius);
}

export interface DrawInput {
  scene: OverviewScene;
  transform: readonly [number, number, number];
  /** The pane's size in CSS px. */
  width: number;
  height: number;
  pixelRatio: number;
  marks: OverviewMarks;
  colors: ColorResolver;
  fontFamily: string;
}

/** Draws the scene; returns how many names it wrote (blocks' and stages'). */
export function drawOverview(ctx: CanvasRenderingContext2D, input: DrawInput): number {
  const { transform, width, height, pixelRatio, marks, colors, fontFamily } = input;
  const [tx, ty, zoom] = transform;
  const scene = cullScene(input.scene, visibleRect(transform, width, height));
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(pixelRatio * zoom, 0, 0, pixelRatio * zoom, pixelRatio * tx, pixelRatio * ty);
  // A line as thin as the DOM's 1 px border would vanish far out: strokes keep a screen width.
  const px = (screen: number) => screen / zoom;

  for (const box of scene.boxes) {
    if (box.kind !== 'block') continue;
    roundRect(ctx, box, 10);
    ctx.fillStyle = colors.get(mix(box.tint, 6, 'var(--bg)'));
    ctx.fill();
    ctx.lineWidth = px(box.selected ? 2.5 : 1);
    ctx.strokeStyle = colors.get(box.selected ? box.tint : mix(box.tint, 45, 'var(--border)'));
    ctx.stroke();
    ctx.fillStyle = colors.get(mix(box.tint, 13, 'var(--panel)'));
    ctx.fillRect(box.x + px(1), box.y + px(1), box.width - px(2), Math.min(48, box.height / 3));
  }

  ctx.lineWidth = px(1.2);
  for (const edge of scene.edges) {
    const taken = edge.id === marks.taken;
    ctx.strokeStyle = colors.get(edge.selected || taken ? 'var(--accent)' : edge.problem && edge.problem !== 'info' ? SEVERITY_VAR[edge.problem] : 'var(--cb-edge)');
    ctx.lineWidth = px(edge.selected || taken ? 2.5 : 1.2);
    ctx.setLineDash(edge.dashed || edge.code ? [px(4), px(3)] : []);
    ctx.stroke(pathOf(edge.path));
  }
  ctx.setLineDash([]);

  for (const box of scene.boxes) {
    if (box.kind !== 'stage') continue;
    roundRect(ctx, box, 8);
    ctx.fillStyle = colors.get('var(--panel)');
    ctx.fill();
    ctx.lineWidth = px(1);
    ctx.strokeStyle = colors.get('var(--border)');
    ctx.stroke();
    ctx.fillStyle = colors.get(box.tint);
    ctx.fillRect(box.x, box.y, Math.max(4, px(2)), box.height);
    if (box.entry) {
      ctx.fillStyle = colors.get('var(--ok)');
      ctx.fillRect(box.x, box.y, box.width, Math.max(3, px(2)));
    }
    if (box.wait) {
      ctx.fillStyle = colors.get(mix(box.tint, 18, 'var(--panel)'));
      ctx.fillRect(box.x + box.width * 0.55, box.y + px(1), box.width * 0.45 - px(1), box.height - px(2));
    }
    if (box.problem && box.problem !== 'info') {
      const r = Math.max(px(3.5), 10);
      ctx.beginPath();
      ctx.arc(box.x + box.width - r - px(3), box.y + r + px(3), r, 0, Math.PI * 2);
      ctx.fillStyle = colors.get(SEVERITY_VAR[box.problem]);
      ctx.fill();
    }
    if (box.selected || box.id === marks.current) {
      roundRect(ctx, box, 8);
      ctx.lineWidth = px(2.5);
      ctx.strokeStyle = colors.get(box.selected ? 'var(--accent)' : 'var(--ok)');
      ctx.stroke();
    }
  }

  // Names last, in screen space: a font scaled by the transform would be hinted at the wrong size.
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colors.get('var(--text)');
  let font = '';
  let names = 0;
  for (const box of scene.boxes) {
    const label = nameLabel(box, zoom);
    if (!label || !label.lines[0]) continue;
    const next = `650 ${label.fontPx.toFixed(1)}px ${fontFamily}`;
    if (next !== font) ctx.font = font = next;
    // A stage's lines fit by their measure (name-fit.ts); a block's one line is cut where it must be.
    const lines = box.kind === 'block' ? [fitText(label.lines[0], label.maxWidth, (t) => ctx.measureText(t).width)] : label.lines;
    lines.forEach((line, i) => {
      if (line) ctx.fillText(line, label.x * zoom + tx, label.y * zoom + ty + i * label.lineHeight);
    });
    if (lines[0]) names++;
  }
  return names;
}
