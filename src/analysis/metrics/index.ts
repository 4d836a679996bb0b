export * from './series';
export * from './summary';
