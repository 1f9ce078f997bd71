import { it } from 'vitest';
import { newSession } from '../session';
import { exampleAgent, offlineDeps, step } from './conversation-testing';
it('debug', async () => {
  const sample = exampleAgent('clinic-booking.json');
  const deps = await offlineDeps(sample);
  let s = await step(sample, newSession(sample), null, deps);
  s = await step(sample, s, "Hi, I'd like to reserve a spot please.", deps);
  s = await step(sample, s, "I'm Dana Whitfield, you can reach me on 555 123 4567.", deps);
  for (const t of s.trace.filter((t) => t.step === s.turn)) {
    if (t.kind === 'model-call') console.log(JSON.stringify({ sys: t.request.system, tools: t.request.tools.map((x) => x.name), resp: t.response }, null, 1));
    else console.log(JSON.stringify(t));
  }
});
