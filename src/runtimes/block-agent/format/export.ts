// The document → a Block Agent YAML file (formats/block-agent.md). What the file cannot say comes
// back as warnings from lossesFor, the single list of losses (design.md); reorderings and parts
// that have no place in the file come back as notes.
import { assertWithinDepth, type AgentDocument, type Edge, type Loss } from '../../../model';
import { lossesOfBlockAgent } from './losses';
import { isPlainObject, mergeExtra, type PlainObject } from './extra';
import { EXPRESSION_COMMENT } from './inferred-keys';
import { TOP_SHAPE } from './keys';
import { planExport, writtenToolName, type ExportPlan } from './plan';
import { renderYaml, type RenderComments } from './render';
import { keptSourceOf, mergeIntoSource, rewrittenNote, rewrittenWhole, sortedJson, type ForcedLines, type KeptSource, type MergedExport, type RewrittenLines } from '../../../formats/kept-source';
import { mergeByNodes } from './node-merge';
import { isMisreadWarning } from './scalars';
import { normalizeForComparison } from './compare';
import { importBlockAgentYaml } from './import';
import { writeBlock, writeEdge, writeLlm, writeTool, writeTurn, writtenConditions, type ConditionNames } from './write';

export interface BlockAgentExport {
  text: string;
  /** lossesFor(doc, 'block-agent'): every path of the document the file does not express. */
  warnings: Loss[];
  /** What the export reordered or could not place (not losses of a well-formed document). */
  notes: string[];
  /** The lines of the export where the imported file's layout gave way (kept-source.ts): the notes name them too. */
  normalised: RewrittenLines[];
}

export interface BlockAgentData {
  data: PlainObject;
  /** Paths of conditions written in a form other than their own (state expressions). */
  rewritten: (string | number)[][];
  notes: string[];
}

export function conditionNames(plan: ExportPlan): ConditionNames {
  const written = new Map(plan.writtenTools.map((t) => [t.id, writtenToolName(t)]));
  return { toolName: (id) => written.get(id) };
}

/** The file's data, before it becomes text. */
export function blockAgentData(doc: AgentDocument, plan: ExportPlan = planExport(doc)): BlockAgentData {
  const notes = [...plan.notes];
  const rewritten: (string | number)[][] = [];
  const names = conditionNames(plan);
  // edgesFrom for every stage at once: a filter of all edges per stage was quadratic in a big agent.
  const edgesOf = new Map<string, Edge[]>();
  for (const edge of doc.edges) {
    const list = edgesOf.get(edge.from);
    if (list) list.push(edge);
    else edgesOf.set(edge.from, [edge]);
  }
  const blocks = plan.blocks.map((block, bi) => {
    const turns = plan.stagesOf.get(block.id)!.map((stage, ti) => {
      const edges = (edgesOf.get(stage.id) ?? []).filter((edge) => {
        if (edge.kind === 'loop' || plan.stageRef.has(edge.to)) return true;
        notes.push(`an edge from ${stage.name} leads to no written stage and is not written`);
        return false;
      });
      const written = edges.map((edge, ei) => {
        const conditions = writtenConditions(edge, names);
        if (conditions.length < edge.conditions.length) notes.push(`an edge from ${stage.name} reads a tool that is not written; that condition is left out`);
        conditions.forEach((c, ci) => {
          if (c.kind === 'expression') rewritten.push(['blocks', bi, 'turns', ti, 'edges', ei, 'conditions', ci]);
        });
        return writeEdge(edge, plan.stageRef.get(edge.to), names);
      });
      return writeTurn(stage, plan.stageRef.get(stage.id)!, written);
    });
    const tools = plan.toolsOf.get(block.id)!.map(writeTool);
    return writeBlock(block, plan.blockRef.get(block.id)!, tools, turns, (id) => plan.stageRef.get(id));
  });

  const top: PlainObject = { personality: doc.persona };
  const llm = writeLlm(doc.llm);
  const preservedLlm = doc.preserved?.blockAgent?.llm_settings;
  // Unknown llm_settings keys came in with an import; the map is written for them even when no modelled setting is set.
  if (Object.keys(llm).length > 0 || (isPlainObject(preservedLlm) && Object.keys(preservedLlm).length > 0)) top.llm_settings = llm;
  top.blocks = blocks;
  return { data: mergeExtra(top, doc.preserved?.blockAgent, TOP_SHAPE), rewritten, notes };
}

export function exportBlockAgentYaml(doc: AgentDocument): BlockAgentExport {
  assertWithinDepth(doc);
  const { text, notes } = freshText(doc);
  const kept = keptSourceOf(doc, 'blockAgent');
  if (!kept) return { text, warnings: lossesOfBlockAgent(doc), notes, normalised: [] };
  const merged = mergedIntoKept(doc, kept.text, text);
  return { text: merged.text, warnings: lossesOfBlockAgent(doc), notes: [...notes, ...merged.notes], normalised: merged.normalised };
}

/** The file as the exporter writes the document, whatever file it was imported from. */
function freshText(doc: AgentDocument): { text: string; notes: string[] } {
  const { data, rewritten, notes } = blockAgentData(doc);
  const comments: RenderComments = {
    header: ` ${doc.name.replace(/\s+/g, ' ').trim() || 'Agent'}: a Block Agent exported by Callboard`,
    before: rewritten.map((path) => ({ path, comment: EXPRESSION_COMMENT })),
  };
  return { text: renderYaml(data, comments), notes };
}

// The imported file with the exporter's text of it, per file and agent name: the same while the user edits.
const baselines = new WeakMap<object, Map<string, { kept: KeptSource; forced: ForcedLines } | null>>();

/**
 * A kept YAML file with its baseline (the exporter's text of what it reads as), and its lines
 * that a YAML 1.1 reader reads otherwise than this importer (`yes`, `1:30`, `007` written plain):
 * the export writes those its own way, quoted, so that every reader reads what Callboard read.
 * Null when the file no longer imports.
 */
function withBaseline(doc: AgentDocument, text: string, key: object): { kept: KeptSource; forced: ForcedLines } | null {
  let byName = baselines.get(key);
  if (!byName) baselines.set(key, (byName = new Map()));
  if (!byName.has(doc.name)) {
    const read = importBlockAgentYaml(text, { name: doc.name });
    byName.set(doc.name, read.ok ? {
      kept: { text, baseline: freshText(read.doc).text },
      forced: { lines: new Set(read.warnings.filter((w) => isMisreadWarning(w.message)).map((w) => w.line)), why: QUOTED },
    } : null);
  }
  return byName.get(doc.name)!;
}

const QUOTED = 'a YAML 1.1 reader (PyYAML among them) reads a value there otherwise than Callboard does, so the export quotes it (the import warned)';
const TOO_DIFFERENT = 'it differs too much from the imported file to merge the edits into that file';

/**
 * `fresh` merged into the imported file (kept-source.ts), checked: the merged file must read as
 * the fresh one does, or the fresh one is written whole and the note says so. YAML's meaning hangs
 * on indentation, so a line merge is trusted only once the importer agrees.
 */
function mergedIntoKept(doc: AgentDocument, text: string, fresh: string): { text: string; notes: string[]; normalised: RewrittenLines[] } {
  const found = withBaseline(doc, text, doc.preserved!.sources!.blockAgent as object);
  const whole = (why: string) => ({ text: fresh, notes: [`the file is written whole in Callboard's layout: ${why}`], normalised: [rewrittenWhole(text, fresh, why)] });
  if (found === null) return whole('the imported file it was read from no longer reads');
  const meaning = (yaml: string) => {
    const read = importBlockAgentYaml(yaml, { name: doc.name });
    return read.ok ? sortedJson(normalizeForComparison(read.doc)) : undefined;
  };
  let wanted: string | undefined;
  const kept = (merged: MergedExport) => ({ text: merged.text, notes: merged.rewritten.map(rewrittenNote), normalised: merged.rewritten });
  // The plain line merge first, then the stricter one; each must read as the exporter's own text does.
  let lineMerged = true;
  for (const strict of [false, true]) {
    const merged = mergeIntoSource(found.kept, fresh, found.forced, strict);
    if (!merged) { lineMerged = false; break; }
    if (merged.text === text) return kept(merged);
    wanted ??= meaning(fresh);
    if (wanted !== undefined && meaning(merged.text) === wanted) return kept(merged);
  }
  // Then by the structure both files share (node-merge.ts), where the user ordered or styled a
  // map otherwise than the exporter. Lines a YAML 1.1 reader misreads must be written the
  // exporter's way, which only the line merge does: with those, the file is written whole.
  if (found.forced.lines.size === 0) {
    const merged = mergeByNodes(text, found.kept.baseline, fresh);
    wanted ??= meaning(fresh);
    if (merged && wanted !== undefined && meaning(merged.text) === wanted) return kept(merged);
  }
  return whole(lineMerged ? 'merging the edits into the imported file would change what it says' : TOO_DIFFERENT);
}
