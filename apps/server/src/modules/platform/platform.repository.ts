import type { Queryable } from '../../db/database';

/** sys_platform_setting: the platform's settings as one JSON value. */
export class PlatformRepository {
  constructor(private readonly db: Queryable) {}

  async read<T>(): Promise<Partial<T> | undefined> {
    const [row] = await this.db.query<{ value: Partial<T> }>(
      `select value from sys_platform_setting where key = 'platform'`,
    );
    return row?.value;
  }

  async write(value: unknown): Promise<void> {
    await this.db.query(
      `insert into sys_platform_setting (key, value, update_time) values ('platform', $1, now())
       on conflict (key) do update set value = excluded.value, update_time = now()`,
      [JSON.stringify(value)],
    );
  }
}
