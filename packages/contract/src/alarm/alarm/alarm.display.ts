import { envMetricTexts } from '../../env/env/env.codes';
import type { Language } from '../../i18n';
import { faultText } from '../../lighting/display';
import { type Texts, textOf } from '../../texts';
import type { anomalyCodes, offlineCodes, supplyCodes } from './alarm.codes';

type PlatformCode =
  | (typeof offlineCodes)[number]
  | (typeof anomalyCodes)[number]
  | (typeof supplyCodes)[number];

/** The codes the platform raises itself. */
const PLATFORM_CODE_TEXTS: Record<PlatformCode, Texts> = {
  gateway_offline: ['网关离线', 'Gateway offline'],
  device_offline: ['设备离线', 'Device offline'],
  day_burning: ['白天亮灯', 'Burning by day'],
  schedule_lit: ['应关未关', 'Lit when scheduled off'],
  schedule_dark: ['应开未开', 'Dark when scheduled on'],
  power_deviation: ['功率异常', 'Power out of range'],
  cabinet_supply_loss: ['配电柜失电', 'Cabinet supply lost'],
  circuit_loss: ['回路失电', 'Circuit supply lost'],
};

const LIMIT_TEXTS: Record<'high' | 'low', Texts> = { high: ['过高', 'too high'], low: ['过低', 'too low'] };

/**
 * An alarm's code in words: the platform's own codes, a sensor threshold (`pm25_high`: "PM2.5
 * too high"), a device's fault flag; a code a device made up shows as it came.
 */
export function alarmCodeText(code: string, lang: Language): string {
  const platform = textOf(PLATFORM_CODE_TEXTS, code, lang);
  if (platform !== undefined) return platform;
  const threshold = /^(.+)_(high|low)$/.exec(code);
  const metric = threshold && textOf(envMetricTexts, threshold[1]!, lang);
  if (threshold && metric) {
    const limit = textOf(LIMIT_TEXTS, threshold[2]!, lang)!;
    return lang === 'en-US' ? `${metric} ${limit}` : `${metric}${limit}`;
  }
  return faultText(code, lang);
}
