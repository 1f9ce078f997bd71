// The cards' own colours for the 2D drawings (the overview, the minimap): CSS variables and any
// colour a block names, resolved by the browser so light and dark come out as the DOM shows them.
/** Turns any CSS colour (variables and color-mix included) into one the 2D context takes. */
export class ColorResolver {
  private readonly cache = new Map<string, string>();
  constructor(private readonly probe: HTMLElement) {}
  get(css: string): string {
    let value = this.cache.get(css);
    if (value === undefined) {
      this.probe.style.color = '';
      this.probe.style.color = css;
      value = getComputedStyle(this.probe).color || '#888';
      this.cache.set(css, value);
    }
    return value;
  }
  /** The theme changed: every resolved colour may have. */
  clear() {
    this.cache.clear();
  }
}

/**
 * A 2D drawing redrawn at most once a frame: `schedule()` asks for the next frame's `draw`, and a
 * change of the colour scheme resolves the colours again and redraws. `stop` ends both.
 */
export function drawEachFrame(colors: ColorResolver, draw: () => void): { schedule: () => void; stop: () => void } {
  let frame = 0;
  const run = () => {
    frame = 0;
    draw();
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(run);
  };
  const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
  const recolor = () => {
    colors.clear();
    schedule();
  };
  scheme?.addEventListener('change', recolor);
  return {
    schedule,
    stop: () => {
      cancelAnimationFrame(frame);
      scheme?.removeEventListener('change', recolor);
    },
  };
}
