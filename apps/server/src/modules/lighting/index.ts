export { createLightingModule, type LightingModule, type LightingModuleDeps } from './lighting.module';
