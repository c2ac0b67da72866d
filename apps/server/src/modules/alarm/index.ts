export { type AlarmModule, createAlarmModule } from './alarm.module';
export type { Condition } from './alarm-engine';
export type { SensorLimit, SensorLimitSource } from './sensor-limits';
export { SIGNATURE_HEADER, sign } from './webhook.service';
export type { AlarmWorkOrder, AlarmWorkOrderLookup } from './work-order-links';
