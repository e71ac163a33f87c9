export * from './messages.ts';
export * from './enums.ts';
export * from './common.ts';
