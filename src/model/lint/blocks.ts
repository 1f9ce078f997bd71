import { toolsOfBlock } from '../document';
import { quoteList } from './context';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';

/** Blocks (Block Agent's unit): tools, intent fallback, looping; and the stages they hold. */
export function checkBlocks(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const stageNames = quoteList(ctx.doc.stages.map((s) => s.name));
  ctx.doc.blocks.forEach((block, i) => {
    const entity = { kind: 'block' as const, id: block.id };
    const tools = toolsOfBlock(ctx.doc, block);
    if (tools.length === 0) {
      out.push({
        rule: 'block-no-tool', path: pointer('blocks', i), entity,
        message: `block ${block.name} offers no tool, and Block Agent calls at least one every turn; scope a tool to ${block.name} (e.g. end_call when the caller is done)`,
      });
    } else if (block.intent && !tools.some((t) => t.fallback)) {
      out.push({
        rule: 'block-intent-no-fallback', path: pointer('blocks', i, 'intent'), entity,
        message: `block ${block.name} detects intent but has no fallback tool, so some intent tool fires while the caller is still chatting; add a tool such as caller_intent_not_yet_detected (no parameters, fallback on) scoped to ${block.name}`,
      });
    }
    const looping = block.looping;
    if (!looping) return;
    if (looping.connectTo == null || looping.connectTo === '') {
      out.push({
        rule: 'looping-connect-missing', path: pointer('blocks', i, 'looping'), entity,
        message: `block ${block.name}: looping says nothing about where to go after ${looping.threshold} loops; set connectTo to one of ${stageNames}`,
      });
    } else if (!ctx.stageById.has(looping.connectTo)) {
      out.push({
        rule: 'looping-connect-unknown', path: pointer('blocks', i, 'looping', 'connectTo'), entity,
        message: `block ${block.name}: looping jumps to ${looping.connectTo}, which is no stage; set connectTo to one of ${stageNames}`,
      });
    }
  });
  return out;
}

export function checkStages(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const blockNames = quoteList(ctx.doc.blocks.map((b) => b.name));
  ctx.doc.stages.forEach((stage, i) => {
    const entity = { kind: 'stage' as const, id: stage.id };
    if (!ctx.blockById.has(stage.blockId)) {
      out.push({
        rule: 'stage-block-unknown', path: pointer('stages', i, 'blockId'), entity,
        message: `stage ${stage.name} belongs to no block (${stage.blockId || 'empty'}), and Block Agent keeps every turn in a block; move it into one of ${blockNames}`,
      });
    }
    if (stage.kind === 'wait' && !stage.waitToken?.trim()) {
      out.push({
        rule: 'stage-wait-token-missing', path: pointer('stages', i, stage.waitToken === undefined ? 'kind' : 'waitToken'), entity,
        message: `wait stage ${stage.name} has no wait token, so no outside answer can resume it; write the token the outside system answers (e.g. ${stage.name}_result), or make it a turn stage`,
      });
    }
  });
  return out;
}
