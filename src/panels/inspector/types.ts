import type { ComponentType, ReactNode } from 'react';
import type { AgentDocument, Block, Edge, Stage, StateField, Target, Tool } from '../../model';
import type { InspectorTab } from '../../store/types';
import type { WriteResult } from './commit';

export type InputKind = 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'chips' | 'code' | 'custom';

export interface Option {
  value: string;
  label: string;
}

/** What a custom field's component receives. */
export interface SectionProps<E> {
  entity: E;
  doc: AgentDocument;
}

/**
 * One field of one kind of entity (design.md convention 8): the inspector draws every field
 * from these, and the same declaration says how to read and how to write it.
 */
export interface FieldDecl<E> {
  key: string;
  label: string;
  input: InputKind;
  /** JSON pointer of the field inside the entity (or the document, for the agent): what a problem's path reveals. */
  path: string;
  get?: (entity: E, doc: AgentDocument) => unknown;
  /** A pure write; a refused Outcome shows its error under the field. */
  set?: (doc: AgentDocument, entity: E, value: any) => WriteResult;
  /** Text fields: `live` writes on each keystroke (one undo step per focus); `blur` on blur/Enter (renames). */
  commit?: 'live' | 'blur';
  options?: (doc: AgentDocument, entity: E) => Option[];
  visible?: (entity: E, doc: AgentDocument) => boolean;
  hint?: ReactNode | ((entity: E, doc: AgentDocument) => ReactNode);
  placeholder?: string;
  /** Numbers and JSON values may be cleared (written as undefined). */
  optional?: boolean;
  rows?: number;
  mono?: boolean;
  min?: number;
  max?: number;
  step?: number;
  /**
   * The one runtime that reads this field: under the other target the field is labelled as such
   * ("Pinecall only — not exported to Block Agent YAML"), since that export leaves it out (a loss).
   */
  runtime?: Target;
  /** A heading drawn above this field, starting a group. */
  section?: string;
  /** Two half (or three third) fields sit side by side. */
  half?: boolean;
  third?: boolean;
  component?: ComponentType<SectionProps<E>>;
}

export interface ToolTabDecl {
  id: InspectorTab;
  label: string;
  fields: FieldDecl<Tool>[];
}

export interface KindDecls {
  agent: FieldDecl<AgentDocument>[];
  block: FieldDecl<Block>[];
  stage: FieldDecl<Stage>[];
  edge: FieldDecl<Edge>[];
  state: FieldDecl<StateField>[];
  /** Above the tabs: what every tab shows. */
  toolHeader: FieldDecl<Tool>[];
  toolTabs: ToolTabDecl[];
}
