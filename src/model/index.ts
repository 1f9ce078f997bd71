export * from './types';
export * from './ids';
export * from './document';
export * from './validate';
export * from './migrations';
export * from './json-schema';
export * from './ops';
