/**
 * `@ics/server/tools`: what programs outside the server may use (benchmarks seeding a fleet by
 * SQL with the server stopped). Everything else of the server is private to it.
 */
export { type Database, openDatabase } from './db/database';
export { hashDeviceSecret, newDeviceSecret } from './modules/device';
