// Prompt size (issue 5): characters of the tool definitions sent with each turn when tools are
// scoped to the stage, against sending every tool, on the sample agent and the 300-tool agent.
import type { AgentDocument } from '../../src/model';
import { openAiToolsForStage } from '../../src/formats/openai-tools';
import { toolShape } from '../../src/runtimes/block-agent/format';
import { sampleAgent } from '../../src/simulator/testing';
import { generateAgent } from '../generate-agent';
import type { Figure, Part } from '../lib/results';
import { summarize } from '../lib/stats';

/** The usual rule of thumb for English and JSON: about four characters per token. */
const CHARS_PER_TOKEN = 4;

function figuresFor(label: string, doc: AgentDocument): Figure[] {
  const scoped = doc.stages.map((s) => JSON.stringify(openAiToolsForStage(doc, s.id)).length);
  const all = JSON.stringify(doc.tools.map(toolShape)).length;
  const every = doc.stages.map(() => all);
  const section = 'Prompt size';
  const chars = summarize(scoped);
  const tokens = summarize(scoped.map((c) => c / CHARS_PER_TOKEN));
  return [
    { section, name: `${label}: tool definitions per turn, stage-scoped`, unit: 'chars', ...chars, baseline: { name: 'every tool, every turn', ...summarize(every) } },
    { section, name: `${label}: estimated tokens per turn, stage-scoped`, unit: 'tokens', ...tokens, baseline: { name: 'every tool, every turn', ...summarize(every.map((c) => c / CHARS_PER_TOKEN)) } },
  ];
}

export function promptSizePart(): Part {
  const sample = sampleAgent();
  const large = generateAgent();
  return {
    name: 'prompt-size',
    figures: [...figuresFor(`sample agent (${sample.tools.length} tools, ${sample.stages.length} stages)`, sample), ...figuresFor(`generated agent (${large.tools.length} tools, ${large.stages.length} stages)`, large)],
    notes: [
      'Median and p95 over the stages of each agent: the OpenAI `tools` array offered in that stage (src/formats/openai-tools.ts, the shape both runtimes send), as compact JSON. Tokens are estimated as characters / 4, not counted with a tokenizer. Pinecall `when` predicates can hide more tools at run time; they are not applied here.',
    ],
  };
}
