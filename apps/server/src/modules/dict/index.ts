export { createDictModule } from './dict.module';
export type { DictService } from './dict.service';
