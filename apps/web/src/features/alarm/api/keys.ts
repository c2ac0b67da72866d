/** Query keys of the alarm module's cached queries (invalidating `all` reloads every one). */
export const alarmKeys = {
  all: ['alarm'] as const,
  counts: ['alarm', 'counts'] as const,
  detail: (id: string) => ['alarm', 'detail', id] as const,
  rules: (projectId: string | null) => ['alarm', 'rules', projectId ?? ''] as const,
  workOrder: (id: string) => ['alarm', 'workorder', id] as const,
  webhooks: (projectId: string) => ['alarm', 'webhooks', projectId] as const,
  deliveries: (webhookId: string, pageNo: number, pageSize: number) =>
    ['alarm', 'webhooks', 'deliveries', webhookId, pageNo, pageSize] as const,
  users: (keyword: string) => ['alarm', 'users', keyword] as const,
};
