/** Query keys of the announcement module's cached queries (invalidating a prefix reloads all below it). */
export const announcementKeys = {
  /** The bell's unread announcements and system messages. */
  byUser: ['announcement', 'by-user'] as const,
  /** Every page of the user's own announcement list. */
  mine: ['announcement', 'mine'] as const,
  minePage: (query: object) => ['announcement', 'mine', query] as const,
  stats: (id: string | undefined) => ['announcement', 'stats', id] as const,
};
