import {
  type CabinetDto,
  describeStrategyActions,
  formatCoordinate,
  formatDateTime,
  type GroupDto,
  type Language,
  type StrategyDto,
} from '@ics/contract/server';
import type { XlsxColumn } from '../../http/xlsx-stream';

/**
 * The columns of the lighting module's exports (groups, cabinets with their circuits,
 * strategies), formatted as the console shows them, times in the caller's zone.
 */

/** The exports' file names. */
export const exportFileNames = {
  groups: { 'zh-CN': '分组', 'en-US': 'groups' },
  cabinets: { 'zh-CN': '配电柜', 'en-US': 'cabinets' },
  strategies: { 'zh-CN': '策略', 'en-US': 'strategies' },
} as const satisfies Record<string, Record<Language, string>>;

export function groupColumns(_lang: Language, tz: string): XlsxColumn<GroupDto>[] {
  return [
    { title: ['名称', 'Name'], value: (g) => g.name },
    { title: ['灯数', 'Lamps'], width: 10, value: (g) => g.lampCount },
    { title: ['备注', 'Remark'], width: 30, value: (g) => g.remark },
    { title: ['创建时间', 'Created'], width: 20, value: (g) => formatDateTime(g.createTime, tz) },
  ];
}

export function cabinetColumns(lang: Language, tz: string): XlsxColumn<CabinetDto>[] {
  const sep = lang === 'en-US' ? ', ' : '、';
  return [
    { title: ['编号', 'Code'], value: (c) => c.code },
    { title: ['名称', 'Name'], value: (c) => c.name },
    { title: ['控制网关', 'Gateway'], value: (c) => c.gatewaySn },
    {
      title: ['经度', 'Longitude'],
      width: 14,
      value: (c) => (c.longitude === null ? '' : formatCoordinate(c.longitude)),
    },
    {
      title: ['纬度', 'Latitude'],
      width: 14,
      value: (c) => (c.latitude === null ? '' : formatCoordinate(c.latitude)),
    },
    {
      title: ['回路', 'Circuits'],
      width: 40,
      value: (c) =>
        c.circuits
          .map((k) => `${k.channel}. ${k.name} (${k.lampCount}${lang === 'en-US' ? ' lamps' : ' 盏'})`)
          .join(sep),
    },
    { title: ['备注', 'Remark'], width: 30, value: (c) => c.remark },
    { title: ['创建时间', 'Created'], width: 20, value: (c) => formatDateTime(c.createTime, tz) },
  ];
}

const TARGET_KIND_TEXTS: Record<string, readonly [string, string]> = {
  lamp: ['单灯', 'Lamp'],
  group: ['分组', 'Group'],
  gateway: ['网关', 'Gateway'],
  project: ['项目', 'Project'],
};

export function strategyColumns(lang: Language, tz: string): XlsxColumn<StrategyDto>[] {
  const en = lang === 'en-US';
  const sep = en ? ', ' : '、';
  const days = en
    ? ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
    : ['一', '二', '三', '四', '五', '六', '日'];
  return [
    { title: ['名称', 'Name'], value: (s) => s.name },
    { title: ['优先级', 'Priority'], width: 8, value: (s) => s.priority },
    {
      title: ['启用', 'Enabled'],
      width: 8,
      value: (s) => (s.enabled ? (en ? 'yes' : '是') : en ? 'no' : '否'),
    },
    { title: ['动作', 'Actions'], width: 40, value: (s) => describeStrategyActions(s.actions, lang) },
    {
      title: ['对象', 'Targets'],
      width: 30,
      value: (s) =>
        s.targets
          .map((t) => `${(TARGET_KIND_TEXTS[t.kind] ?? [t.kind, t.kind])[en ? 1 : 0]} ${t.name ?? t.id}`)
          .join(sep),
    },
    {
      title: ['日期', 'Dates'],
      width: 24,
      value: (s) => (s.startDate || s.endDate ? `${s.startDate ?? '…'} ~ ${s.endDate ?? '…'}` : ''),
    },
    {
      title: ['星期', 'Weekdays'],
      width: 20,
      value: (s) => s.weekdays.map((d) => days[d - 1]).join(sep),
    },
    { title: ['离线默认亮度 (%)', 'Fallback level (%)'], width: 12, value: (s) => s.fallbackLevel },
    { title: ['版本', 'Version'], width: 8, value: (s) => s.version },
    { title: ['修改时间', 'Updated'], width: 20, value: (s) => formatDateTime(s.updateTime, tz) },
  ];
}
