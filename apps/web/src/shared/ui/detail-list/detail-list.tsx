import Descriptions from 'antd/es/descriptions';
import type { ReactNode } from 'react';

/** Detail lists show at most four columns (spec §9). */
export const MAX_DETAIL_COLUMNS = 4;

export type DetailItem = { key: string; term: ReactNode; content: ReactNode; span?: number };

/** Columns of a detail list: 1 to 4 (upstream `DetailList` caps `col` at 4). */
export function detailColumns(col: number | undefined): number {
  if (!col || !Number.isFinite(col)) return 3;
  return Math.min(MAX_DETAIL_COLUMNS, Math.max(1, Math.floor(col)));
}

/** Terms and their contents in up to four columns, optionally under a title. */
export function DetailList({
  title,
  col,
  items,
  layout = 'horizontal',
  'data-testid': testId,
}: {
  title?: ReactNode;
  col?: number;
  items: readonly DetailItem[];
  layout?: 'horizontal' | 'vertical';
  'data-testid'?: string;
}) {
  const column = detailColumns(col);
  return (
    <Descriptions
      title={title}
      column={{ xs: 1, sm: Math.min(2, column), md: column, lg: column, xl: column, xxl: column }}
      layout={layout}
      items={items.map((i) => ({
        key: i.key,
        label: i.term,
        children: i.content,
        ...(i.span ? { span: Math.min(i.span, column) } : {}),
      }))}
      data-testid={testId}
    />
  );
}
