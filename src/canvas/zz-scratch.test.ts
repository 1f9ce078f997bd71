import { test } from 'vitest';
import sample from '../../public/examples/clinic-booking.json';
import { autoLayout } from './auto-layout';
const variants: [string, Record<string,string>, boolean][] = [
  ['labels', {}, true],
  ['nolabels150', {'elk.layered.spacing.nodeNodeBetweenLayers': '150'}, false],
  ['labels-bk', {'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF', 'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED'}, true],
  ['labels-spacing30', {'elk.layered.spacing.nodeNodeBetweenLayers': '30', 'elk.layered.spacing.edgeNodeBetweenLayers': '12', 'elk.spacing.edgeLabel': '4'}, true],
];
test('x', async () => { for (const [n, t, l] of variants) { const d = await autoLayout(sample as never, t, l); console.log(n, JSON.stringify(d.layout)); } });
