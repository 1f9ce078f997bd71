import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { exportPinecallTs, importPinecallTs } from './index';
import { compileAgent } from '../../../test/pinecall-agents/compile-agent';
it('handwritten', () => {
  const text = readFileSync(`/work/main/test/fixtures/pinecall/handwritten.tsx`, 'utf8');
  console.log(compileAgent(text));
  const back = importPinecallTs(text);
  if (!back.ok) { console.log(back.errors); return; }
  console.log(back.warnings, JSON.stringify(back.doc, null, 1));
  const out = exportPinecallTs(back.doc).text;
  console.log(out);
  console.log(compileAgent(out));
  const again = importPinecallTs(out);
  console.log(again.ok && exportPinecallTs(again.doc).text === out ? 'FIXPOINT' : 'DIFFERENT');
}, 60000);
