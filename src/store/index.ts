export * from './types';
export * from './create';
export * from './history';
export * from './persistence';
export * from './projects-controller';
export * from './selectors';
