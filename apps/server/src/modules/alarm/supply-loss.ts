import type { CircuitLamps } from '../lighting';
import type { AlarmRepository, Clear } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';

const CIRCUIT = 'circuit_loss';
const CABINET = 'cabinet_supply_loss';
const CODES: readonly string[] = [CIRCUIT, CABINET];

/** Every circuit with its cabinet and lamps (the lighting module). */
export type CircuitSource = () => Promise<readonly CircuitLamps[]>;

/** The key of a cabinet-kind condition, as `activeKeys` answers it. */
const keyOf = (id: string, code: string) => `cabinet:${id}:${code}`;

/**
 * What a circuit's lamps say of its supply: lost when every online lamp on it reports
 * `supplyLoss` (one lamp still powered proves the circuit live), unknown when none of its lamps
 * is online and reporting (a circuit without lamps, or whose lamps all went quiet).
 */
type Supply = { state: 'lost' | 'powered' | 'unknown'; online: number };

function supplyOf(
  c: CircuitLamps,
  lamps: ReadonlyMap<string, { online: boolean; supply_loss: boolean }>,
): Supply {
  let online = 0;
  let lost = 0;
  for (const id of c.lampIds) {
    const lamp = lamps.get(id);
    if (!lamp?.online) continue;
    online++;
    if (lamp.supply_loss) lost++;
  }
  return { state: online === 0 ? 'unknown' : lost === online ? 'lost' : 'powered', online };
}

/**
 * Circuits and cabinets without supply, told from their lamps' `supplyLoss` flags:
 *
 * - `circuit_loss` when a circuit's online lamps all report it. The alarm's source is the
 *   circuit (kind `cabinet`, id the circuit's: one active alarm per circuit, several per
 *   cabinet), `cabinet_id` its cabinet, the detail names both and the channel.
 * - `cabinet_supply_loss` when every circuit of a cabinet whose lamps report has lost it (at
 *   least one): source the cabinet. While it stands it folds the active alarms of the lamps
 *   behind the cabinet and its circuit alarms (lamp alarms raised later are folded at the next
 *   evaluation: the alarm module does not know which lamps hang on which cabinet).
 *
 * A circuit (or cabinet) whose lamps are all silent keeps what it had: their offline alarms
 * speak for them. Both clear when the lamps report power again, or the circuit is gone.
 */
export class SupplyLoss {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly engine: AlarmEngine,
    private readonly circuits: CircuitSource,
  ) {}

  async evaluate(now: Date): Promise<void> {
    const [circuits, known] = await Promise.all([this.circuits(), this.repo.activeKeys('supply')]);
    const lamps = new Map(
      (await this.repo.lampSupply(circuits.flatMap((c) => c.lampIds))).map((l) => [l.id, l]),
    );
    const cabinets = new Map<string, CircuitLamps[]>();
    for (const c of circuits) cabinets.set(c.cabinetId, [...(cabinets.get(c.cabinetId) ?? []), c]);

    const raise: Condition[] = [];
    const holding = new Set<string>();
    const hold = (k: string, c: Condition | null) => {
      holding.add(k);
      if (c && !known.alarmed.has(k)) raise.push(c);
    };
    for (const [cabinetId, ofCabinet] of cabinets) {
      const told = ofCabinet.map((c) => ({ c, supply: supplyOf(c, lamps) }));
      for (const { c, supply } of told) {
        const k = keyOf(c.id, CIRCUIT);
        if (supply.state === 'lost') hold(k, circuitLoss(c, now, supply.online));
        else if (supply.state === 'unknown' && known.alarmed.has(k)) hold(k, null);
      }
      const reporting = told.filter((t) => t.supply.state !== 'unknown');
      const k = keyOf(cabinetId, CABINET);
      if (reporting.length === 0 && known.alarmed.has(k)) hold(k, null);
      else if (reporting.length > 0 && reporting.every((t) => t.supply.state === 'lost'))
        hold(k, cabinetLoss(ofCabinet[0]!, now, reporting.length));
    }
    await this.engine.observe(raise);

    const clears: Clear[] = [];
    for (const k of known.alarmed) {
      const [kind, id, code] = k.split(':');
      if (kind !== 'cabinet' || !id || !code || !CODES.includes(code) || holding.has(k)) continue;
      clears.push({ sourceKind: 'cabinet', sourceId: id, code, at: now });
    }
    await this.engine.clear(clears);

    // A standing cabinet alarm takes in what was raised behind it since the last evaluation.
    for (const [cabinetId, parentId] of await this.repo.activeIdsOf(CABINET)) {
      const ofCabinet = cabinets.get(cabinetId);
      if (ofCabinet)
        await this.engine.fold(parentId, { cabinetId, deviceIds: ofCabinet.flatMap((c) => c.lampIds) });
    }
  }
}

/** A condition of a cabinet-kind source: named in its detail (the list cannot join lighting tables). */
function condition(
  c: CircuitLamps,
  sourceId: string,
  code: string,
  at: Date,
  detail: Record<string, unknown>,
): Condition {
  return {
    projectId: c.projectId,
    sourceKind: 'cabinet',
    sourceId,
    deviceId: null,
    gatewayId: c.gatewayId,
    poleId: c.poleId,
    type: 'supply',
    code,
    at,
    detail: { cabinetId: c.cabinetId, cabinetCode: c.cabinetCode, cabinetName: c.cabinetName, ...detail },
  };
}

const circuitLoss = (c: CircuitLamps, at: Date, lamps: number) =>
  condition(c, c.id, CIRCUIT, at, {
    sourceName: `${c.cabinetName} · ${c.name}`,
    circuitId: c.id,
    circuitName: c.name,
    channel: c.channel,
    lamps,
  });

const cabinetLoss = (c: CircuitLamps, at: Date, circuits: number) =>
  condition(c, c.cabinetId, CABINET, at, { sourceName: c.cabinetName, circuits });
