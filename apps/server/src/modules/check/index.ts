export { createCheckModule } from './check.module';
export type { CheckService } from './check.service';
