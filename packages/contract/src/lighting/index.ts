export * from './pole-columns';
export * from './routes';
