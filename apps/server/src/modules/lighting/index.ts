export type { CircuitLamps } from './cabinet/circuit.repository';
export { createLightingModule, type LightingModule, type LightingModuleDeps } from './lighting.module';
/** Sun times as strategies use them (the alarm module's day-burning rule uses the same). */
export { localParts, sunTimes } from './plan';
export type { ScheduledLevel } from './strategy/scheduled-levels';
