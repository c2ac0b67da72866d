import type { PreviewResult, previewBodySchema } from '@ics/contract/server';
import type { z } from 'zod';
import { AppError } from '../../../lib/errors';
import type { DeviceLookup } from '../../device';
import type { LightingAccess } from '../lighting-access';
import { addDays, lampActions, localDateTime, localParts, sunTimes, winnerFor } from '../plan';
import type { PlanSource } from './plan-source';

/**
 * The preview of what a lamp will do on the coming days under the saved strategies, or with a
 * strategy being edited in their place: which one governs each day, and its actions' times.
 */
export class PreviewService {
  constructor(
    private readonly plans: PlanSource,
    private readonly access: LightingAccess,
    private readonly devices: DeviceLookup,
  ) {}

  async preview(
    userId: string,
    b: z.output<typeof previewBodySchema>,
    now = Date.now(),
  ): Promise<PreviewResult> {
    const [found] = await this.devices.lamps([b.lampId], {});
    const scope = await this.access.scopeOf(userId);
    if (!found || (scope !== 'all' && !scope.includes(found.projectId)))
      throw new AppError(404, 'lighting.lamp_not_found', { id: b.lampId });
    const [project] = await this.plans.projects([found.projectId]);
    const [lamp] = await this.plans.planLamps(project!, { lampIds: [b.lampId] });
    let strategies = await this.plans.planStrategies(project!.id);
    if (b.draft) {
      const draft = b.draft;
      strategies = strategies.filter((s) => s.id !== draft.id);
      strategies.push({
        id: draft.id ?? 'draft',
        name: draft.name,
        priority: draft.priority,
        // An edited strategy is saved "now": newer than every other.
        updateTime: now,
        enabled: draft.enabled,
        startDate: draft.startDate ?? null,
        endDate: draft.endDate ?? null,
        weekdays: draft.weekdays,
        actions: draft.actions,
        targets: draft.targets,
        fallbackLevel: draft.fallbackLevel ?? null,
      });
    }
    const tz = project!.timeZone;
    const from = b.from ?? localParts(now, tz).date;
    const entries: PreviewResult['entries'] = [];
    const days: PreviewResult['days'] = [];
    for (let i = 0; i < b.days; i++) {
      const date = addDays(from, i);
      const win = winnerFor(strategies, lamp!, date);
      const sun = sunTimes(date, lamp!.latitude, lamp!.longitude, tz);
      days.push({
        date,
        winner: win?.strategy.id ?? null,
        overridden: win?.overridden.map((s) => s.id) ?? [],
        sunrise: sun.sunrise === null ? null : new Date(sun.sunrise).toISOString(),
        sunset: sun.sunset === null ? null : new Date(sun.sunset).toISOString(),
      });
      for (const a of lampActions(strategies, lamp!, date, tz))
        entries.push({
          date,
          time: new Date(a.at).toISOString(),
          localTime: localDateTime(a.at, tz),
          strategyId: a.strategy.id,
          strategyName: a.strategy.name,
          priority: a.strategy.priority,
          actionIndex: a.actionIndex,
          action: a.action.action,
          level: a.action.action === 'off' ? 0 : (a.action.level ?? (a.action.action === 'on' ? 100 : null)),
          at: a.action.at,
        });
    }
    return {
      lampId: b.lampId,
      timeZone: tz,
      longitude: lamp!.longitude,
      latitude: lamp!.latitude,
      entries,
      days,
    };
  }
}
