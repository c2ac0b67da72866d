import type { AlarmSeverity, WorkOrderPriority, WorkOrderStatus } from '@ics/contract';

/** antd tag colours of severities: the most serious the most alarming. */
export const severityColors: Record<AlarmSeverity, string> = {
  critical: 'red',
  major: 'volcano',
  minor: 'gold',
  warning: 'blue',
};

export const priorityColors: Record<WorkOrderPriority, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export const workOrderStatusColors: Record<WorkOrderStatus, string> = {
  new: 'default',
  assigned: 'blue',
  in_progress: 'processing',
  done: 'cyan',
  verified: 'green',
  closed: 'default',
  rejected: 'magenta',
};

/** A time as the browser's zone shows it, to the second; empty for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
