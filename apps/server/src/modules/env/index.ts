export { createEnvModule, type EnvModuleDeps } from './env.module';
export type { EnvThreshold } from './env.repository';
export type { EnvService, SensorAlarmCounts } from './env.service';
export { type EnvThresholds, type ThresholdsChanged, thresholdCode } from './env-thresholds';
