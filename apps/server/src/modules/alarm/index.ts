export { type AlarmModule, createAlarmModule } from './alarm.module';
export type { Condition } from './alarm-engine';
export { SIGNATURE_HEADER, sign } from './webhook.service';
export type { AlarmWorkOrder, AlarmWorkOrderLookup } from './work-order-links';
