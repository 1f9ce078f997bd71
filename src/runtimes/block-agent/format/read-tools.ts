// Block Agent tool entries → document tools. A file repeats a tool in every block that offers it;
// the document holds it once, scoped to those blocks (design.md), so entries are gathered in a
// registry that merges identical definitions and renames a different one that reuses a name.
import { orderAsListed } from '../../../formats/listed-order';
import { isScalar, type Node } from 'yaml';
import { isFallbackToolName, noParameters } from './conventions';
import { collectExtra, deepEqual, isPlainObject, type PlainObject } from './extra';
import { MCP_ALLOWED_TOOLS, MCP_HEADERS, MCP_SERVER_DESCRIPTION, MCP_SERVER_LABEL, MCP_SERVER_URL } from './inferred-keys';
import { FUNCTION_TOOL_SHAPE, MCP_TOOL_SHAPE } from './keys';
import { readMap, readOptionalText, readText, readTextList, type ReadContext } from './read-context';
import { warnMisreadSchema } from './scalars';
import { newId, uniqueName, type JsonSchema, type Tool } from '../../../model';
import { setOwn } from '../../../model/own';

export interface ToolEntry {
  /** The name the file shows: a function's name, an mcp tool's server label. */
  name: string;
  /** The whole entry as data, compared to find the same tool in several blocks. */
  definition: unknown;
  tool: Omit<Tool, 'id' | 'scope' | 'fallback' | 'name'>;
  node: Node;
}

const withExtra = (tool: ToolEntry['tool'], extra: PlainObject): ToolEntry['tool'] =>
  Object.keys(extra).length > 0 ? { ...tool, extra } : tool;

export function readToolEntry(ctx: ReadContext, node: Node): ToolEntry | undefined {
  const view = readMap(ctx, node, 'a tool');
  if (!view) return undefined;
  const type = view.has('type') ? readText(ctx, view.get('type'), 'a tool\'s type', view.keyNode('type')) : ctx.fail(node, 'a tool needs `type: function` or `type: mcp`');
  if (type === undefined) return undefined;
  const definition = ctx.js(node) as PlainObject;
  if (type === 'function') {
    const fn = readMap(ctx, view.get('function'), 'a function tool\'s `function` (name, description, parameters)', node);
    if (!fn) return undefined;
    const name = fn.has('name') ? readText(ctx, fn.get('name'), 'a function\'s name', fn.keyNode('name')) : ctx.fail(fn.node, 'this function has no `name`; add one (letters, digits, _)');
    if (name === undefined) return undefined;
    if (!name.trim()) return ctx.fail(fn.get('name'), 'a function\'s name cannot be empty');
    const description = readOptionalText(ctx, fn, 'description', `${name}'s description`) ?? '';
    let parameters: JsonSchema = noParameters();
    if (fn.has('parameters')) {
      warnMisreadSchema(ctx, fn.get('parameters'), name);
      const raw = ctx.js(fn.get('parameters'));
      if (!isPlainObject(raw)) return ctx.fail(fn.get('parameters') ?? fn.keyNode('parameters'), `${name}'s parameters must be a JSON Schema object (type: object, properties: ...)`);
      if (raw.type !== 'object') ctx.warn(fn.get('parameters'), `${name}'s parameters should say \`type: object\`; OpenAI function calling expects an object of arguments`);
      parameters = raw as JsonSchema;
    }
    const tool = { kind: 'function' as const, description, parameters, pii: [] };
    return { name, definition, tool: withExtra(tool, collectExtra(definition, FUNCTION_TOOL_SHAPE)), node };
  }
  if (type === 'mcp') {
    const label = view.has(MCP_SERVER_LABEL) ? readText(ctx, view.get(MCP_SERVER_LABEL), `an mcp tool's ${MCP_SERVER_LABEL}`) : ctx.fail(node, `an mcp tool needs a ${MCP_SERVER_LABEL} (the server's name)`);
    const url = view.has(MCP_SERVER_URL) ? readText(ctx, view.get(MCP_SERVER_URL), `an mcp tool's ${MCP_SERVER_URL}`) : ctx.fail(node, `an mcp tool needs a ${MCP_SERVER_URL}`);
    if (label === undefined || url === undefined) return undefined;
    if (!label.trim()) return ctx.fail(view.get(MCP_SERVER_LABEL), `an mcp tool's ${MCP_SERVER_LABEL} cannot be empty`);
    const description = readOptionalText(ctx, view, MCP_SERVER_DESCRIPTION, `${label}'s ${MCP_SERVER_DESCRIPTION}`) ?? '';
    const allowedTools = view.has(MCP_ALLOWED_TOOLS) ? readTextList(ctx, view.get(MCP_ALLOWED_TOOLS), MCP_ALLOWED_TOOLS) : [];
    const headers = readHeaders(ctx, view.get(MCP_HEADERS), label);
    if (allowedTools === undefined || headers === undefined) return undefined;
    const tool = { kind: 'mcp' as const, description, parameters: noParameters(), pii: [], mcp: { serverLabel: label, serverUrl: url, allowedTools, headers } };
    return { name: label, definition, tool: withExtra(tool, collectExtra(definition, MCP_TOOL_SHAPE)), node };
  }
  return ctx.fail(view.get('type'), `unknown tool type ${JSON.stringify(type)}: Block Agent accepts \`function\` and \`mcp\` tools only`);
}

function readHeaders(ctx: ReadContext, node: Node | null | undefined, label: string): Record<string, string> | undefined {
  if (node === undefined || (isScalar(node) && node.value === null)) return {};
  const view = readMap(ctx, node, `${label}'s headers`);
  if (!view) return undefined;
  const headers: Record<string, string> = {};
  for (const key of view.keys()) {
    const value = readText(ctx, view.get(key), `header ${key}`, view.keyNode(key));
    if (value === undefined) return undefined;
    if (/^(authorization|x-api-key|api-key)$/i.test(key) && !/\{\{\s*secret:/.test(value)) {
      ctx.warn(view.get(key), `header ${key} looks like a credential; write it as {{secret:NAME}} so the value stays with your keys, not in the agent`);
    }
    setOwn(headers, key, value);
  }
  return headers;
}

/** Tools met so far, the blocks each is offered in, and which name each block's conditions mean. */
export class ToolRegistry {
  readonly tools: Tool[] = [];
  private readonly seen: { entry: ToolEntry; tool: Tool }[] = [];
  private readonly byBlock = new Map<string, Map<string, Tool>>();
  /** Each block's tools in the order its file lists them. */
  private readonly listed = new Map<string, Tool[]>();

  add(ctx: ReadContext, entry: ToolEntry, blockId: string | null, blockName = ''): Tool {
    const same = this.seen.find((s) => s.entry.name === entry.name && deepEqual(s.entry.definition, entry.definition));
    let tool = same?.tool;
    if (tool) {
      if (blockId === null || (tool.scope.kind === 'blocks' && tool.scope.blockIds.includes(blockId))) {
        ctx.warn(entry.node, `${entry.name} is listed twice${blockId === null ? '' : ` in ${blockName}`}; it is kept once`);
      } else if (tool.scope.kind === 'blocks') tool.scope.blockIds.push(blockId);
    } else {
      // A name is the model's and the user's: two blocks may each define their own tool of one
      // name (each block's turns see their own), and both keep it. Only where one block (or a
      // bare list of tools) would offer two tools of one name is the later one renamed.
      const clash = blockId === null ? this.tools.some((t) => t.name === entry.name) : this.byBlock.get(blockId)?.has(entry.name) === true;
      const name = clash ? uniqueName(entry.name, this.tools.map((t) => t.name)) : entry.name;
      if (name !== entry.name) {
        ctx.warn(entry.node, `another tool named ${entry.name} is defined differently earlier${blockId === null ? ' in the file' : ` in ${blockName}`}; this one is imported as ${name} (rename it, or make the two definitions identical to share one tool)`);
      }
      const { kind, ...rest } = structuredClone(entry.tool);
      tool = {
        id: newId(), kind, name, ...rest,
        scope: blockId === null ? { kind: 'all' } : { kind: 'blocks', blockIds: [blockId] },
        fallback: kind === 'function' && isFallbackToolName(name),
      };
      this.tools.push(tool);
      this.seen.push({ entry, tool });
    }
    if (blockId !== null) {
      const names = this.byBlock.get(blockId) ?? new Map<string, Tool>();
      if (!names.has(entry.name)) names.set(entry.name, tool);
      this.byBlock.set(blockId, names);
      const listed = this.listed.get(blockId) ?? [];
      if (!listed.includes(tool)) listed.push(tool);
      this.listed.set(blockId, listed);
    }
    return tool;
  }

  /** The tools in the order of `orderAsListed`: as every block's file lists them, where one order can. */
  ordered(): Tool[] {
    return orderAsListed(this.tools, this.listed.values());
  }

  /** The tool a condition in `blockId` means by `name`: the block's own first, then the first defined anywhere. */
  resolve(blockId: string, name: string): Tool | undefined {
    return this.byBlock.get(blockId)?.get(name) ?? this.seen.find((s) => s.entry.name === name)?.tool;
  }
}

export { orderAsListed };
