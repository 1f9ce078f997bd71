import type { AgentDocument, JsonSchema, StateField, Tool } from '../../../model';
import type { MemberSlot } from './member-layout';

/**
 * What an imported class holds that the document does not model (design.md, "What is not
 * modelled is kept"), stored in `doc.preserved.pinecall` and written back by the exporter. Texts
 * are kept as written (members dedented). A piece is kept only where it differs from what the
 * exporter would write anyway, so an exported file imports with nothing preserved.
 */
export interface PinecallPreserved {
  /** Comments above the first statement of the file. */
  header?: string;
  /** Names the `@pinecall/agents` import brings beyond Agent, state, tool and Stages, as written. */
  agentsImports?: string[];
  /** The `@pinecall/agents` import as written, when it names more (or in another order) than the exporter would. */
  agentsImport?: { text: string; names: string[] };
  /** Other import statements. */
  imports?: string[];
  /** Top-level statements before the class (interfaces, types, helper functions…) and after it. */
  before?: string[];
  after?: string[];
  /** Type names those statements declare: a generated interface must not take one. */
  declaredNames?: string[];
  /** Comments above the class other than its JSDoc (the persona). */
  classComments?: string;
  /** Class members the document does not model: helper methods, getters, plain fields. */
  members?: string[];
  /** Comments above a modelled member other than the JSDoc it is read from, by member key. */
  comments?: Record<string, string>;
  /** A state field declared other than the exporter would write it, with the field it was read as. */
  fields?: Record<string, { text: string; field: Omit<StateField, 'id'> }>;
  /** Per tool name: pieces written other than the exporter would write them. */
  tools?: Record<string, PreservedTool>;
  /** `render()` children that are not a stage's section, written after the sections. */
  renderExtras?: string[];
  /**
   * The class declares no `@state` at all, so every field but the config ones is state (Pinecall's
   * rule): the export keeps that style, since decorating one field makes every other one scratch.
   */
  undecoratedState?: true;
  /**
   * The class declares no stage field: it is one conversation, read as one stage (IMPLICIT_STAGE)
   * whose instructions are the leading plain paragraphs of its render(). The export writes no
   * stage field and those paragraphs unguarded, while the document has that one stage.
   */
  noStageField?: true;
  /** The stage field as written (a plain `stage = "browse"`, say), with the stages it was read as. */
  stageField?: { text: string; names: string[]; entry?: string };
  /** The class's own decorators as written (`@render(SupportPrompt)`, `@view(Orders)`), in order. */
  classDecorators?: string[];
  /** The class it extends when that is not Agent (`ClinicaNorte`), as written. */
  extendsClass?: string;
  /**
   * How the class is exported when that is not `export default class`: `named` for `export class X`
   * (the file may `export default X` later, or not at all), `none` for a bare `class X`.
   */
  classExport?: 'named' | 'none';
  /** Members of the base classes this file declares (helpers, getters), as written: the simulator's. */
  baseMembers?: string[];
  /** What the base classes of this file declare, as read (import-inherit.ts): not written again while unchanged. */
  inherited?: {
    state: Record<string, Omit<StateField, 'id'>>;
    tools: Record<string, Omit<Tool, 'id'>>;
    stage?: { names: string[]; entry?: string };
    /** render()'s per-stage instructions, when the base's render() gives them. */
    render?: Record<string, string>;
  };
  /** The class's identity JSDoc as written, with the persona it reads as (kept when laid out otherwise). */
  classDoc?: { text: string; persona: string };
  /** The members in the order the class wrote them, with the blank lines between them (member-layout.ts). */
  memberOrder?: MemberSlot[];
  /**
   * What the agent reaches in the other files of its folder (import-files.ts), read at import for
   * the simulator, which bundles the helpers into its sandbox. Never written by the export: those
   * files are the user's, and the agent file keeps its import lines as written.
   */
  folder?: {
    /** The agent file's path in its folder. */
    agent: string;
    /** Plain TypeScript helper files that can run in the sandbox, by path, as read. */
    files: Record<string, string>;
    /** Per importing file, each relative specifier's path (`{"agenda.ts": {"./hours": "lib/hours.ts"}}`). */
    links: Record<string, Record<string, string>>;
    /** Why a file read cannot run in the sandbox (it imports a package, uses `fetch`…), by path. */
    refused?: Record<string, string>;
    /** Each name the agent's or its base files' code imports by a relative path. */
    bindings: FolderBinding[];
    /** Base class files: their top-level statements other than the classes (helpers the base's methods call) and their package imports. */
    baseFiles?: { path: string; statements: string[]; imports: string[] }[];
  };
}

/** One imported name: `agendaFor` from "./agenda", in the file at `importer`; bundled from `path` unless `why` says why not. */
export interface FolderBinding {
  local: string;
  from: string;
  /** `default`, `*` or the exported name. */
  imported: string;
  importer: string;
  path?: string;
  why?: string;
}

export interface PreservedTool {
  /** The docstring as written, and the description it was read as. */
  docstring?: { text: string; description: string };
  /** The parameter list as written, and the schema it was read as. */
  params?: { text: string; parameters: JsonSchema };
  /** The declared return type, as written (`Promise<Slot[]>` on an async method, `Slot[]` on a plain one). */
  returnType?: string;
  /**
   * The method was written without `async`: written back so. The exporter's own shape is async, and
   * an unchanged class must come back as written (issue 33: a user's `freeSlots(day): Slot[]`
   * came back `async freeSlots(day)`).
   */
  sync?: true;
  /**
   * Generated interfaces a parameter's type was named other than by the parameter alone
   * (`DeliverAddress` where another tool's `Address` took the name): kept, so that removing that
   * other parameter does not rename this one's interface (issue 33: only the edited member changes).
   */
  interfaceNames?: Record<string, string>;
}

/** The one stage of a class without a stage field (PinecallPreserved.noStageField). */
export const IMPLICIT_STAGE = 'conversation';

/** Member keys of `comments`. */
export const memberKey = {
  state: (name: string) => `state:${name}`,
  tool: (name: string) => `tool:${name}`,
  stage: 'stage',
  render: 'render',
};

export function preservedOf(doc: AgentDocument): PinecallPreserved {
  const value = doc.preserved?.pinecall;
  return value && typeof value === 'object' ? (value as PinecallPreserved) : {};
}

/** Whether the class is written without a stage field: it was read so, and the document still has its one stage. */
export const writesNoStageField = (doc: AgentDocument): boolean => preservedOf(doc).noStageField === true && doc.stages.length === 1;

/** Drops empty pieces, so that "nothing preserved" is one value (absent). */
export function compactPreserved(preserved: PinecallPreserved): PinecallPreserved | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(preserved)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return Object.keys(out).length ? (out as PinecallPreserved) : undefined;
}

/**
 * Whether the class declares its own greeting (`static greeting = …`, Pinecall 0.11's environment):
 * then the class says the agent opens the call (the simulator says the words: class-code/opening.ts).
 */
export function declaresGreeting(preserved: unknown): boolean {
  const members = (preserved as { members?: unknown } | undefined)?.members;
  return Array.isArray(members) && members.some((m) => typeof m === 'string' && /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*static\s+(?:readonly\s+)?greeting\b/.test(m));
}
