export { createDictModule } from './dict.module';
export type { DictService, TableDictionary } from './dict.service';
