// What both baseline pages share: the canvas size the app has (passed by the bench as ?w=&h=, so
// the same number of cards is on screen) and the app's starting viewport.
import { generateAgent } from '../generate-agent';

export const BENCH_VIEWPORT = { x: 40, y: 40, zoom: 0.6 };

export function canvasSize(): { width: number; height: number } {
  const params = new URLSearchParams(location.search);
  return { width: Number(params.get('w') ?? 1000), height: Number(params.get('h') ?? 600) };
}

export const benchAgent = generateAgent();
