// Graph operations: pure functions from a document to a new document (the input is never
// mutated), so the store can apply them as `apply((doc) => op(doc, …))` and undo by keeping the old one.
export * from './outcome';
export * from './layout';
export * from './create';
export * from './edges';
export * from './update';
export * from './rename';
export * from './refs';
export * from './references';
export * from './delete';
export * from './clipboard';
export * from './placement';
export * from './mocks';
export { tokenize, type SourceToken } from './source-text';
export { renameIdentifier, renameMember, renameFieldInWhen, renameStageLiterals, renameInTemplate } from './rewrite';
