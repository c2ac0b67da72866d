import {
  type CommandName,
  type CommandParams,
  commandNames,
  commandTargets,
  type DeviceKind,
} from '@ics/contract';

/** How one command parameter is edited. */
export type FieldType = 'boolean' | 'percent' | 'number' | 'text' | 'datetime' | 'json' | 'weekdays';

export type FieldSpec<C extends CommandName = CommandName> = {
  name: keyof CommandParams<C> & string;
  type: FieldType;
  required?: boolean;
  min?: number;
  max?: number;
  defaultValue?: unknown;
};

type FieldTable = { [C in CommandName]: FieldSpec<C>[] };

/**
 * The parameters of every protocol command, for the generated form. The console loads no zod
 * (the contract's schemas are types only in `@ics/contract`), so the shape is restated here — typed against the
 * contract (`CommandParams`), so a renamed or removed parameter fails type-checking, and a
 * new command without an entry does too.
 */
export const commandFields: FieldTable = {
  'lamp.switch': [{ name: 'on', type: 'boolean', required: true, defaultValue: true }],
  'lamp.dim': [
    { name: 'level', type: 'percent', required: true, min: 0, max: 100, defaultValue: 50 },
    { name: 'ramp', type: 'number', min: 0, max: 3600, defaultValue: 0 },
  ],
  'lamp.override': [
    { name: 'level', type: 'percent', required: true, min: 0, max: 100, defaultValue: 100 },
    { name: 'until', type: 'datetime', required: true },
  ],
  'lamp.schedule': [
    { name: 'version', type: 'text', required: true },
    { name: 'days', type: 'weekdays' },
    {
      name: 'entries',
      type: 'json',
      required: true,
      defaultValue: [
        { at: { event: 'sunset', offsetMinutes: 0 }, level: 100 },
        { at: '23:00', level: 50 },
        { at: { event: 'sunrise', offsetMinutes: 0 }, level: 0 },
      ],
    },
  ],
  'gateway.fallback': [
    { name: 'level', type: 'percent', required: true, min: 0, max: 100, defaultValue: 50 },
    { name: 'afterSeconds', type: 'number', min: 10, max: 86_400, defaultValue: 300 },
  ],
  'circuit.switch': [
    { name: 'channel', type: 'number', required: true, min: 1, max: 64, defaultValue: 1 },
    { name: 'on', type: 'boolean', required: true, defaultValue: true },
  ],
  'led.power': [{ name: 'on', type: 'boolean', required: true, defaultValue: true }],
  'led.brightness': [{ name: 'level', type: 'percent', required: true, min: 0, max: 100, defaultValue: 70 }],
  'led.program': [
    { name: 'programId', type: 'text', required: true },
    { name: 'url', type: 'text' },
  ],
  'speaker.volume': [{ name: 'volume', type: 'percent', required: true, min: 0, max: 100, defaultValue: 50 }],
  'speaker.play': [
    { name: 'source', type: 'text', required: true },
    { name: 'loop', type: 'boolean', defaultValue: false },
  ],
  'speaker.stop': [],
  'device.reboot': [],
  'device.clockSync': [{ name: 'time', type: 'datetime' }],
};

/** Commands a target of `kind` accepts (`gateway` = the gateway itself). */
export function commandsFor(kind: DeviceKind): CommandName[] {
  return commandNames.filter((name) => commandTargets[name].includes(kind));
}

/** Form values (antd) → command parameters: empty optional values dropped, JSON parsed, dates as epoch ms. */
export function toParams(cmd: CommandName, values: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of commandFields[cmd] as FieldSpec[]) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'json') params[field.name] = typeof value === 'string' ? JSON.parse(value) : value;
    else if (field.type === 'datetime')
      params[field.name] =
        typeof value === 'number'
          ? value
          : new Date(String((value as { valueOf(): number }).valueOf())).getTime();
    else if (field.type === 'weekdays') {
      if (Array.isArray(value) && value.length > 0) params[field.name] = value;
    } else params[field.name] = value;
  }
  return params;
}

/** Initial form values of a command. */
export function initialValues(cmd: CommandName): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of commandFields[cmd] as FieldSpec[]) {
    if (field.defaultValue === undefined) continue;
    values[field.name] =
      field.type === 'json' ? JSON.stringify(field.defaultValue, null, 2) : field.defaultValue;
  }
  return values;
}
