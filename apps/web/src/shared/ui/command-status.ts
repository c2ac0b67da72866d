import type { CommandStatus } from '@ics/contract';

/** The tag colour of a command's status, wherever commands and their outcomes are listed. */
export const commandStatusColor: Record<CommandStatus, string> = {
  pending: 'processing',
  acked: 'success',
  failed: 'error',
  timeout: 'warning',
};
