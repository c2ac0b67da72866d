/**
 * What work orders need of alarms: which alarms exist in a project, which of them a device
 * still reports, and a line on their timelines when an order takes them up or moves on. The
 * app passes the alarm module's service (work orders call alarms, never the other way round).
 */
export type WorkOrderAlarms = {
  /** The alarms among `ids` with their project and whether the device no longer reports them. */
  find(ids: readonly string[]): Promise<Array<{ id: string; projectId: string; cleared: boolean }>>;
  /** Writes a `workorder` line on each alarm's timeline (and links the open order to it). */
  recordWorkOrder(
    alarmIds: readonly string[],
    order: { id: string; code: string; status: string; open: boolean },
    actor: string,
  ): Promise<void>;
};
