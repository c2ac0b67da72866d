/** Query keys of the user module's cached queries. */
export const userKeys = {
  detail: (id: string | null) => ['user', 'detail', id] as const,
};
