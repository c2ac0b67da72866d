import type { Language } from '@ics/contract/server';
import type { ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { type LogListQuery, type LogRepository, logResource } from './log.repository';
import type { LogEntry } from './log-entry';

/** The login and operation log (who, what, when, from where, result). */
export class LogService {
  constructor(
    private readonly repo: LogRepository,
    private readonly dataRules: ListRules,
  ) {}

  write(entry: LogEntry): Promise<void> {
    return this.repo.insert(entry);
  }

  async list(caller: Caller, query: LogListQuery, lang: Language) {
    return this.repo.page(query, lang, await this.dataRules.forCaller(caller, logResource(lang)));
  }

  async exportRows(caller: Caller, query: LogListQuery, lang: Language) {
    return this.repo.rows(query, lang, await this.dataRules.forCaller(caller, logResource(lang)));
  }

  /** Successful sign-ins in all, and since `since`, with the distinct addresses they came from. */
  visitTotals(since: string) {
    return this.repo.visitTotals(since);
  }

  /** Successful sign-ins and distinct addresses per calendar day in GMT+8 since `since`. */
  visitsByDay(since: string) {
    return this.repo.visitsByDay(since);
  }
}
