/**
 * The product modules this console was built with, as the login page advertises them. The app
 * derives them from its view registry at start-up (a module without pages is not offered).
 */
export const DEPLOYMENT_MODULES = ['lighting', 'map', 'alarm', 'led', 'radio', 'camera', 'env'] as const;
export type DeploymentModule = (typeof DEPLOYMENT_MODULES)[number];

/** Which view-name prefix (`lighting/LampList` → `lighting`) stands for which module. */
const PREFIXES: Record<string, DeploymentModule> = {
  lighting: 'lighting',
  gis: 'map',
  alarm: 'alarm',
  led: 'led',
  radio: 'radio',
  camera: 'camera',
  env: 'env',
};

/** The modules that have at least one view, in the catalogue's order. */
export function modulesOfViews(viewNames: readonly string[]): DeploymentModule[] {
  const present = new Set(viewNames.map((name) => PREFIXES[name.split('/')[0] ?? '']).filter(Boolean));
  return DEPLOYMENT_MODULES.filter((m) => present.has(m));
}

let installed: DeploymentModule[] = [];

export function setDeploymentModules(modules: readonly DeploymentModule[]): void {
  installed = [...modules];
}

export function deploymentModules(): readonly DeploymentModule[] {
  return installed;
}
