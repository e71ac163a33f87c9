export * from './enums.ts';
export * from './common.ts';
