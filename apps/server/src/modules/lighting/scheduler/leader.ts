import type { Database } from '../../../db/database';
import { LeaderLock as AdvisoryLeaderLock } from '../../../db/leader-lock';

/** Advisory lock key of the lighting scheduler (one leader among all API nodes). */
export const SCHEDULER_LOCK_KEY = 4242060;

/** Leadership of the lighting scheduler among API nodes (see db/leader-lock.ts). */
export class LeaderLock extends AdvisoryLeaderLock {
  constructor(db: Database) {
    super(db, SCHEDULER_LOCK_KEY);
  }
}
