import type { Language } from '../i18n';
import { pickText as pick, type Texts, textOf } from '../texts';
import type { CommandName, LampFaultCode } from './device/protocol';

/**
 * How lighting values read to people, the same in the console and in exports: numbers to a
 * sensible precision, and codes (fault flags, commands and their parameters, failure reasons)
 * in words of either language.
 */

/** Decimal places of coordinates (about 0.1 m). */
export const COORDINATE_DIGITS = 6;

/** Decimal places of each electrical reading. */
export const READING_DIGITS = {
  voltage: 1,
  current: 2,
  power: 1,
  energy: 2,
  powerFactor: 2,
} as const;
export type ReadingField = keyof typeof READING_DIGITS;
export const readingFields = Object.keys(READING_DIGITS) as ReadingField[];

/** Units of the electrical readings. */
export const READING_UNITS: Record<ReadingField, string> = {
  voltage: 'V',
  current: 'A',
  power: 'W',
  energy: 'kWh',
  powerFactor: '',
};

/** A finite number (or numeric text) rounded to `digits` places; null for anything else. */
export function roundTo(value: unknown, digits: number): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  const factor = 10 ** digits;
  return Math.round(n * factor) / factor;
}

/** A number with exactly `digits` places ("—" for no value). */
export function formatFixed(value: unknown, digits: number): string {
  const n = roundTo(value, digits);
  return n === null ? '—' : n.toFixed(digits);
}

/** A longitude or latitude: 6 places (`117.16824899999999` → `117.168249`). */
export const formatCoordinate = (value: unknown): string => formatFixed(value, COORDINATE_DIGITS);

/** An electrical reading to its precision, with its unit when asked. */
export function formatReading(field: ReadingField, value: unknown, withUnit = false): string {
  const text = formatFixed(value, READING_DIGITS[field]);
  return withUnit && text !== '—' && READING_UNITS[field] ? `${text} ${READING_UNITS[field]}` : text;
}

/** Names of the lamp fault flags. */
export const LAMP_FAULT_TEXTS: Record<LampFaultCode, Texts> = {
  lampFailure: ['光源故障', 'Lamp failure'],
  dimmingFailure: ['调光故障', 'Dimming failure'],
  relayFailure: ['继电器故障', 'Relay failure'],
  supplyLoss: ['供电中断', 'Supply loss'],
  dayBurning: ['白天亮灯', 'Burning by day'],
  controlGearCommFailure: ['驱动通信故障', 'Control gear not responding'],
  highVoltage: ['电压过高', 'Voltage too high'],
  lowVoltage: ['电压过低', 'Voltage too low'],
  highCurrent: ['电流过大', 'Current too high'],
  lowCurrent: ['电流过小', 'Current too low'],
  highPower: ['功率过高', 'Power too high'],
  lowPower: ['功率过低', 'Power too low'],
};

/** A fault flag in words (an unknown flag as it came). */
export function faultText(code: string, lang: Language): string {
  return textOf(LAMP_FAULT_TEXTS, code, lang) ?? code;
}

/** Names of the protocol commands. */
export const COMMAND_TEXTS: Record<CommandName, Texts> = {
  'lamp.switch': ['开关灯', 'Switch lamp'],
  'lamp.dim': ['调光', 'Dim'],
  'lamp.override': ['临时控制', 'Manual override'],
  'lamp.schedule': ['下发计划', 'Schedule'],
  'gateway.fallback': ['离线默认亮度', 'Fallback level'],
  'circuit.switch': ['回路开关', 'Switch circuit'],
  'led.power': ['屏幕开关', 'Screen power'],
  'led.brightness': ['屏幕亮度', 'Screen brightness'],
  'led.program': ['播放节目', 'Play program'],
  'speaker.volume': ['音量', 'Volume'],
  'speaker.play': ['播放', 'Play'],
  'speaker.stop': ['停止播放', 'Stop'],
  'device.reboot': ['重启', 'Reboot'],
  'device.clockSync': ['校时', 'Clock sync'],
};

/** A command's name in words (an unknown command as it came). */
export function commandText(cmd: string, lang: Language): string {
  return textOf(COMMAND_TEXTS, cmd, lang) ?? cmd;
}

const WORDS = {
  on: ['开', 'on'],
  off: ['关', 'off'],
  sunset: ['日落', 'sunset'],
  sunrise: ['日出', 'sunrise'],
  schedule: ['计划', 'schedule'],
  empty: ['无计划', 'no schedule'],
  dimTo: ['调光至', 'dim to'],
  until: ['直到', 'until'],
  after: ['离线', 'after'],
  seconds: ['秒后', 's offline'],
  channel: ['回路', 'channel'],
  volume: ['音量', 'volume'],
  loop: ['循环', 'loop'],
  time: ['时间', 'time'],
  brightness: ['亮度', 'brightness'],
  days: ['星期', 'days'],
} as const satisfies Record<string, Texts>;
type Word = keyof typeof WORDS;

const WEEKDAY_TEXTS: Texts[] = [
  ['日', 'Sun'],
  ['一', 'Mon'],
  ['二', 'Tue'],
  ['三', 'Wed'],
  ['四', 'Thu'],
  ['五', 'Fri'],
  ['六', 'Sat'],
];

/** A level as a lamp takes it: off at 0, "on 100 %" or the level. */
function levelText(level: unknown, w: (k: Word) => string): string {
  const n = Number(level);
  if (!Number.isFinite(n)) return String(level);
  return n === 0 ? w('off') : `${w('on')} ${n} %`;
}

/** When a schedule entry runs: a clock time, or sunset/sunrise with its offset. */
function entryTime(at: unknown, w: (k: Word) => string): string {
  if (typeof at === 'string') return at;
  if (at && typeof at === 'object' && 'event' in at) {
    const { event, offsetMinutes } = at as { event: string; offsetMinutes?: number };
    const name = event === 'sunset' || event === 'sunrise' ? w(event) : String(event);
    const offset = Number(offsetMinutes ?? 0);
    return offset ? `${name} ${offset > 0 ? '+' : ''}${offset} min` : name;
  }
  return JSON.stringify(at);
}

/** `YYYY-MM-DD HH:mm`, with `:ss` when `seconds`, in a time zone (the runtime's when undefined). */
const wallClock = (timeZone: string | undefined, seconds: boolean) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  });

/**
 * An instant (ISO text, Date or epoch ms) as `YYYY-MM-DD HH:mm:ss` in one time zone (the
 * runtime's by default: the browser's in the console, the one the console names in exports).
 */
export function formatDateTime(value: unknown, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return String(value);
  return wallClock(timeZone, true).format(date);
}

/** A strategy's actions in words: "sunset +10 min on 100 %, 23:30 on 40 %, sunrise off". */
type StrategyActionLike = {
  at: { type: string; time?: string; offsetMinutes?: number };
  action: string;
  level?: number | undefined;
};

/** One action of a strategy in words: `日落 +10 min 开 80 %`, `23:00 on 50 %`, `sunrise off`. */
export function describeStrategyAction(a: StrategyActionLike, lang: Language): string {
  const w = (k: Word) => pick(WORDS[k], lang);
  const when =
    a.at.type === 'clock'
      ? (a.at.time ?? '')
      : entryTime({ event: a.at.type, offsetMinutes: a.at.offsetMinutes ?? 0 }, w);
  const level = a.action === 'off' ? 0 : (a.level ?? 100);
  return `${when} ${levelText(level, w)}`;
}

/** A strategy's actions in words, as the list shows them and the export writes them. */
export function describeStrategyActions(actions: ReadonlyArray<StrategyActionLike>, lang: Language): string {
  return actions.map((a) => describeStrategyAction(a, lang)).join(STRATEGY_ACTION_SEPARATOR[lang]);
}

/** Between two actions of a strategy in one text. */
export const STRATEGY_ACTION_SEPARATOR: Record<Language, string> = { 'zh-CN': '，', 'en-US': ', ' };

/** An instant given as epoch ms, as `YYYY-MM-DD HH:mm` in a zone (the runtime's by default). */
function instantText(ms: unknown, timeZone: string | undefined): string {
  const n = Number(ms);
  if (!Number.isFinite(n)) return String(ms);
  return wallClock(timeZone, false).format(new Date(n));
}

/**
 * A command with its parameters in words: "调光至 30 %" / "dim to 30 %",
 * "schedule: sunset on 100 %, 23:00 on 50 %, sunrise off". Unknown commands or parameters
 * fall back to their name and values without braces or quotes.
 */
export function describeCommand(
  cmd: string,
  params: Record<string, unknown> | null | undefined,
  lang: Language,
  timeZone?: string,
): string {
  const w = (k: Word) => pick(WORDS[k], lang);
  const p = params ?? {};
  const sep = lang === 'en-US' ? ', ' : '，';
  switch (cmd) {
    case 'lamp.switch':
    case 'led.power':
      return `${commandText(cmd, lang)}: ${p.on ? w('on') : w('off')}`;
    case 'lamp.dim':
      return `${w('dimTo')} ${Number(p.level)} %`;
    case 'lamp.override':
      return `${levelText(p.level, w)} ${w('until')} ${instantText(p.until, timeZone)}`;
    case 'lamp.schedule': {
      const entries = Array.isArray(p.entries) ? (p.entries as Array<{ at: unknown; level: unknown }>) : [];
      if (!entries.length) return `${w('schedule')}: ${w('empty')}`;
      const days =
        Array.isArray(p.days) && p.days.length > 0 && p.days.length < 7
          ? ` (${w('days')} ${(p.days as number[]).map((d) => pick(WEEKDAY_TEXTS[d] ?? ['?', '?'], lang)).join('/')})`
          : '';
      return `${w('schedule')}: ${entries.map((e) => `${entryTime(e.at, w)} ${levelText(e.level, w)}`).join(sep)}${days}`;
    }
    case 'gateway.fallback':
      return `${commandText(cmd, lang)}: ${levelText(p.level, w)}${
        p.afterSeconds !== undefined ? `${sep}${w('after')} ${Number(p.afterSeconds)} ${w('seconds')}` : ''
      }`;
    case 'circuit.switch':
      return `${w('channel')} ${Number(p.channel)}: ${p.on ? w('on') : w('off')}`;
    case 'led.brightness':
      return `${w('brightness')} ${Number(p.level)} %`;
    case 'speaker.volume':
      return `${w('volume')} ${Number(p.volume)} %`;
    case 'device.clockSync':
      return p.time === undefined ? commandText(cmd, lang) : `${w('time')} ${instantText(p.time, timeZone)}`;
    default: {
      const rest = Object.entries(p).map(
        ([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
      );
      return rest.length ? `${commandText(cmd, lang)}: ${rest.join(sep)}` : commandText(cmd, lang);
    }
  }
}

/** Failure reasons gateways and the platform give, in words. */
export const FAILURE_REASON_TEXTS: Record<string, Texts> = {
  'control gear not responding': ['驱动无响应', 'Control gear not responding'],
  'relay failure': ['继电器故障', 'Relay failure'],
  'dimming failure': ['调光故障', 'Dimming failure'],
  expired: ['指令已过期', 'Command expired'],
  'no ack': ['网关未应答', 'No answer from the gateway'],
  override: ['手动控制期间跳过', 'Skipped: a manual override holds the lamps'],
};

/** Reasons that start with a known phrase and carry a detail after it. */
const REASON_PREFIXES: Array<[prefix: string, texts: Texts]> = [
  ['invalid params', ['参数无效', 'Invalid parameters']],
  ['unknown device', ['设备未知', 'Unknown device']],
];

/** A failure reason in words (an unknown one as it came). */
export function reasonText(reason: string | null | undefined, lang: Language): string {
  if (!reason) return '';
  const known = textOf(FAILURE_REASON_TEXTS, reason, lang);
  if (known !== undefined) return known;
  for (const [prefix, texts] of REASON_PREFIXES)
    if (reason.startsWith(prefix)) return `${pick(texts, lang)}${reason.slice(prefix.length)}`;
  const overridden = /^(\d+) overridden$/.exec(reason);
  if (overridden)
    return pick(
      [`${overridden[1]} 盏灯在手动控制中`, `${overridden[1]} lamps held by a manual override`],
      lang,
    );
  if (/ is not supported by a /.test(reason))
    return pick(['设备不支持该指令', 'Not supported by the device'], lang);
  return reason;
}
