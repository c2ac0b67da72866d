/**
 * `@ics/server/tools`: what programs outside the server may use (benchmarks seeding a fleet by
 * SQL with the server stopped; the bare COPY and broker bounds of the device figures, with
 * ingestion's own encoder and the embedded broker's settings). Everything else of the server is
 * private to it.
 */
export { type Database, openDatabase } from './db/database';
export {
  brokerSettings,
  fastLamp,
  fastSensor,
  hashDeviceSecret,
  LampColumns,
  lampColumnNames,
  lampCopyBinary,
  newDeviceSecret,
} from './modules/device';
