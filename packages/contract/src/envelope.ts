/** Every HTTP response body, success or error, has this shape. */
export type Envelope<T> = {
  success: boolean;
  message: string;
  /** Mirrors the HTTP status (200 on success) so clients of the older contract keep working. */
  code: number;
  result: T;
  timestamp: number;
  /** Stable machine-readable error key (absent on success), e.g. `auth.bad_credentials`. */
  errorCode?: string;
};

/** The list shape every paged endpoint answers with. */
export type Page<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
};

/** Builds the page shape from the rows of one page and the total row count. */
export function toPage<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

/** The message the older servers answer with (HTTP 500) when a token is no longer valid. */
export const TOKEN_EXPIRED_MESSAGE = 'Token失效，请重新登录';
