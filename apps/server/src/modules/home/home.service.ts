import type { LogInfo, VisitDay } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import { LOG_TYPE, LOGOUT_LOG_KEY } from '../system/log.service';

const TZ = 'Asia/Shanghai';

/**
 * Visits are successful sign-ins: login-log rows with ok = true. Sign-outs share the log type,
 * so they are told apart by their log key (rows written before keys existed: by their text).
 */
const VISITS = `log_type = ${LOG_TYPE.login} and ok and log_key is distinct from '${LOGOUT_LOG_KEY}'
  and (log_key is not null or log_content not like '退出登录%')`;

/** Home-page counters from the login log; days are calendar days in GMT+8. */
export class HomeService {
  constructor(private readonly db: Queryable) {}

  async logInfo(): Promise<LogInfo> {
    const [row] = await this.db.query<LogInfo>(
      `select count(*)::int as "totalVisitCount",
              count(*) filter (where create_time >= $1::timestamptz)::int as "todayVisitCount",
              count(distinct ip) filter (where create_time >= $1::timestamptz)::int as "todayIp"
         from sys_log where ${VISITS}`,
      [startOfDay(0)],
    );
    return row!;
  }

  /** The last 7 days including today, oldest first, days without sign-ins as zeros. */
  async visitInfo(): Promise<VisitDay[]> {
    const rows = await this.db.query<{ day: string; visit: number; ip: number }>(
      `select to_char(create_time at time zone '${TZ}', 'YYYY-MM-DD') as day,
              count(*)::int as visit, count(distinct ip)::int as ip
         from sys_log where ${VISITS} and create_time >= $1::timestamptz
        group by 1`,
      [startOfDay(6)],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: 7 }, (_, i) => {
      const tian = shanghaiDate(6 - i);
      const found = byDay.get(tian);
      return { visit: found?.visit ?? 0, ip: found?.ip ?? 0, tian, type: tian.slice(5) };
    });
  }
}

/** yyyy-MM-dd in GMT+8, `daysAgo` days before today. China has no daylight saving: +8 always. */
function shanghaiDate(daysAgo: number, now = Date.now()): string {
  return new Date(now + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

function startOfDay(daysAgo: number): string {
  return `${shanghaiDate(daysAgo)}T00:00:00+08:00`;
}
