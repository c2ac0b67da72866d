export { createLogModule } from './log.module';
export type { LogService } from './log.service';
export { LOG_TYPE, LOGOUT_LOG_KEY } from './log-entry';
