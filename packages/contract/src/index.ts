export * from './envelope';
export * from './i18n';
export * from './menu';
export * from './route';
export * from './sys/session';
