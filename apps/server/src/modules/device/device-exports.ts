import {
  type CommandDto,
  commandText,
  type DeviceDto,
  describeCommand,
  faultText,
  formatCoordinate,
  formatDateTime,
  formatReading,
  type GatewayDto,
  type Language,
  type PoleDto,
  reasonText,
} from '@ics/contract/server';
import type { XlsxColumn } from '../../http/xlsx-stream';

/**
 * The columns of the device module's lighting exports (gateways, poles, lamps with their live
 * values, the command log): what the lists show, under the lists' own titles, formatted as the
 * console formats it (`@ics/contract`'s display module), times in the caller's zone.
 */

/** The exports' file names. */
export const exportFileNames = {
  poles: { 'zh-CN': '灯杆', 'en-US': 'poles' },
  gateways: { 'zh-CN': '网关', 'en-US': 'gateways' },
  lamps: { 'zh-CN': '单灯', 'en-US': 'lamps' },
  commands: { 'zh-CN': '指令记录', 'en-US': 'commands' },
} as const satisfies Record<string, Record<Language, string>>;

const yesNo = (v: boolean, lang: Language) => (lang === 'en-US' ? (v ? 'yes' : 'no') : v ? '是' : '否');
const onlineText = (v: boolean, lang: Language) =>
  lang === 'en-US' ? (v ? 'Online' : 'Offline') : v ? '在线' : '离线';

export function gatewayColumns(lang: Language, tz: string): XlsxColumn<GatewayDto>[] {
  return [
    { title: ['序列号', 'Serial number'], value: (g) => g.sn },
    { title: ['名称', 'Name'], value: (g) => g.name },
    { title: ['型号', 'Model'], value: (g) => g.model },
    { title: ['固件', 'Firmware'], value: (g) => g.firmware },
    { title: ['状态', 'State'], value: (g) => onlineText(g.online, lang) },
    { title: ['最后通信', 'Last seen'], width: 20, value: (g) => formatDateTime(g.lastSeen, tz) },
    { title: ['下挂设备', 'Devices behind'], width: 10, value: (g) => g.deviceCount },
    {
      title: ['已发凭据', 'Credentials issued'],
      width: 12,
      value: (g) => yesNo(g.credentialIssuedAt !== null, lang),
    },
    { title: ['创建时间', 'Created'], width: 20, value: (g) => formatDateTime(g.createTime, tz) },
  ];
}

export function poleColumns(_lang: Language, tz: string): XlsxColumn<PoleDto>[] {
  return [
    { title: ['编号', 'Code'], value: (p) => p.code },
    { title: ['名称', 'Name'], value: (p) => p.name },
    { title: ['经度', 'Longitude'], width: 14, value: (p) => formatCoordinate(p.longitude) },
    { title: ['纬度', 'Latitude'], width: 14, value: (p) => formatCoordinate(p.latitude) },
    { title: ['道路', 'Road'], value: (p) => p.road },
    { title: ['高度 (m)', 'Height (m)'], width: 10, value: (p) => p.height },
    { title: ['创建时间', 'Created'], width: 20, value: (p) => formatDateTime(p.createTime, tz) },
  ];
}

/** A lamp's live state in the list's words: offline, on or off (its faults have a column of their own). */
function lampState(d: DeviceDto, lang: Language): string {
  const en = lang === 'en-US';
  if (!d.state.online) return en ? 'Offline' : '离线';
  return d.state.values.on === true ? (en ? 'On' : '亮') : en ? 'Off' : '灭';
}

export function lampColumns(lang: Language, tz: string): XlsxColumn<DeviceDto>[] {
  const reading = (field: 'power' | 'voltage' | 'current' | 'energy' | 'powerFactor') => (d: DeviceDto) => {
    const text = formatReading(field, d.state.values[field]);
    return text === '—' ? '' : Number(text);
  };
  return [
    { title: ['名称', 'Name'], value: (d) => d.name },
    { title: ['地址', 'Address'], width: 10, value: (d) => d.address },
    { title: ['网关', 'Gateway'], value: (d) => d.gatewaySn },
    { title: ['状态', 'State'], width: 10, value: (d) => lampState(d, lang) },
    {
      title: ['亮度 (%)', 'Level (%)'],
      width: 10,
      value: (d) => (typeof d.state.values.level === 'number' ? d.state.values.level : ''),
    },
    { title: ['功率 (W)', 'Power (W)'], width: 10, value: reading('power') },
    { title: ['电压 (V)', 'Voltage (V)'], width: 10, value: reading('voltage') },
    { title: ['电流 (A)', 'Current (A)'], width: 10, value: reading('current') },
    { title: ['电能 (kWh)', 'Energy (kWh)'], width: 12, value: reading('energy') },
    { title: ['功率因数', 'Power factor'], width: 10, value: reading('powerFactor') },
    {
      title: ['故障', 'Faults'],
      width: 24,
      value: (d) => d.state.faults.map((f) => faultText(f, lang)).join(lang === 'en-US' ? ', ' : '、'),
    },
    { title: ['最后上报', 'Last report'], width: 20, value: (d) => formatDateTime(d.state.lastSeen, tz) },
  ];
}

const STATUS_TEXTS: Record<string, readonly [string, string]> = {
  pending: ['等待应答', 'Pending'],
  acked: ['成功', 'Done'],
  failed: ['失败', 'Failed'],
  timeout: ['超时', 'Timed out'],
};

export function commandColumns(lang: Language, tz: string): XlsxColumn<CommandDto>[] {
  const status = (s: string) => {
    const texts = STATUS_TEXTS[s];
    return texts ? (lang === 'en-US' ? texts[1] : texts[0]) : s;
  };
  return [
    { title: ['发送时间', 'Sent'], width: 20, value: (c) => formatDateTime(c.createTime, tz) },
    { title: ['指令', 'Command'], value: (c) => commandText(c.cmd, lang) },
    {
      title: ['对象', 'Target'],
      value: (c) => `${c.gatewaySn}${c.deviceAddress ? ` / ${c.deviceAddress}` : ''}`,
    },
    { title: ['参数', 'Parameters'], width: 40, value: (c) => describeCommand(c.cmd, c.params, lang, tz) },
    { title: ['状态', 'Status'], width: 10, value: (c) => status(c.status) },
    { title: ['次数', 'Attempts'], width: 8, value: (c) => c.attempts },
    { title: ['原因', 'Reason'], width: 24, value: (c) => reasonText(c.reason, lang) },
    { title: ['应答时间', 'Acked'], width: 20, value: (c) => formatDateTime(c.ackTime, tz) },
    { title: ['发送人', 'Sent by'], width: 12, value: (c) => c.createBy },
  ];
}
