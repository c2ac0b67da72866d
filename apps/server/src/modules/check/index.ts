export { createCheckModule } from './check.module';
export type { CheckService, DuplicateCheck } from './check.service';
