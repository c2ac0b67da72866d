import Switch from 'antd/es/switch';
import type { ColumnType } from 'antd/es/table';

/**
 * The column of a row's on/off switch (a rule, a webhook), read-only without the edit mark;
 * the switch is named by the column's title and the row's `name`.
 */
export function enabledColumn<T extends { enabled: boolean }>(
  title: string,
  canEdit: boolean,
  name: (row: T) => string,
  onChange: (row: T, enabled: boolean) => unknown,
): ColumnType<T> {
  return {
    key: 'enabled',
    title,
    render: (_, row) => (
      <Switch
        size="small"
        checked={row.enabled}
        disabled={!canEdit}
        aria-label={`${title} ${name(row)}`}
        onChange={(enabled) => void onChange(row, enabled)}
      />
    ),
  };
}
