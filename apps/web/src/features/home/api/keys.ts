/** Query keys of the home module's cached queries. */
export const homeKeys = {
  logInfo: ['home', 'loginfo'] as const,
  visitInfo: ['home', 'visitInfo'] as const,
};
