/** Query keys of the platform module's cached queries. */
export const platformKeys = {
  settings: ['platform', 'settings'] as const,
};
