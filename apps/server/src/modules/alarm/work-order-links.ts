/** The open work order that handles an alarm, as people name it. */
export type AlarmWorkOrder = { id: string; code: string };

/** The open work order of each alarm among `alarmIds` that has one (alarms without are left out). */
export type AlarmWorkOrderLookup = (
  alarmIds: readonly string[],
) => Promise<ReadonlyMap<string, AlarmWorkOrder>>;

/** Ids asked of the lookup at once: an export asks for tens of thousands. */
const CHUNK = 1000;

/**
 * Which work order handles each alarm. Work orders depend on alarms (they are made from them),
 * so this module cannot ask them: when the app wires the two (app.ts), the workorder module
 * registers its lookup here. Until then, and in an app without work orders, no alarm has one.
 * Asked when alarms are answered (lists, details, exports, pushes), so it is never stale.
 */
export class WorkOrderLinks {
  private lookup: AlarmWorkOrderLookup | undefined;

  register(lookup: AlarmWorkOrderLookup): void {
    this.lookup = lookup;
  }

  async of(alarmIds: readonly string[]): Promise<ReadonlyMap<string, AlarmWorkOrder>> {
    const found = new Map<string, AlarmWorkOrder>();
    if (!this.lookup) return found;
    for (let i = 0; i < alarmIds.length; i += CHUNK)
      for (const [id, order] of await this.lookup(alarmIds.slice(i, i + CHUNK))) found.set(id, order);
    return found;
  }
}
