/** One condition of the advanced query (`superQueryParams`, URI-encoded JSON array). */
export type SuperQueryItem = {
  field: string;
  type?: string;
  rule: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'left_like' | 'right_like' | 'in';
  val: string | number;
};

/** Splits a comma string (`a,b,`) into trimmed, non-empty, distinct parts. */
export function splitIds(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Paged list result with `<field>_dictText` decorations. */
export type ListPage<T> = {
  records: (T & Record<string, unknown>)[];
  total: number;
  size: number;
  current: number;
  pages: number;
};
