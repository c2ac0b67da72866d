import type { LogInfo, VisitDay } from '@ics/contract/server';
import type { LogService } from '../log';

/** Home-page counters from the login log; days are calendar days in GMT+8. */
export class HomeService {
  constructor(private readonly logs: LogService) {}

  async logInfo(): Promise<LogInfo> {
    const visits = await this.logs.visitTotals(startOfDay(0));
    return { totalVisitCount: visits.total, todayVisitCount: visits.since, todayIp: visits.addresses };
  }

  /** The last 7 days including today, oldest first, days without sign-ins as zeros. */
  async visitInfo(): Promise<VisitDay[]> {
    const rows = await this.logs.visitsByDay(startOfDay(6));
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
