export { createPlatformModule } from './platform.module';
export type { PlatformService } from './platform.service';
