export { createPlatformModule } from './platform.module';
export type { PlatformService, PlatformSettings } from './platform.service';
