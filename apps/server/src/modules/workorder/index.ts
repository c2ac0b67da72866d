export type { WorkOrderAlarms } from './workorder.alarms';
export { createWorkOrderModule } from './workorder.module';
export type { WorkOrderService } from './workorder.service';
