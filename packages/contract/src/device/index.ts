export * from './protocol';
export * from './routes';
