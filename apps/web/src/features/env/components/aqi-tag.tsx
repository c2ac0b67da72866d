import type { AirQuality, AqiCategory } from '@ics/contract';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import '../locales';

/** The colours HJ 633 gives each category (green, yellow, orange, red, purple, maroon), with readable text. */
export const AQI_COLOURS: Record<AqiCategory, { background: string; color: string }> = {
  excellent: { background: '#00e400', color: '#333' },
  good: { background: '#ffff00', color: '#333' },
  light: { background: '#ff7e00', color: '#fff' },
  moderate: { background: '#ff0000', color: '#fff' },
  heavy: { background: '#99004c', color: '#fff' },
  severe: { background: '#7e0023', color: '#fff' },
};

/** A sensor's air-quality category as a tag in its band's colour, the AQI and primary pollutant on hover. */
export function AqiTag({ quality, testId }: { quality: AirQuality | null; testId?: string }) {
  const { t } = useTranslation('env');
  if (!quality) return <span data-testid={testId}>—</span>;
  const { background, color } = AQI_COLOURS[quality.category];
  const title = [
    t('aqi.value', { aqi: quality.aqi }),
    quality.primary ? t('aqi.primary', { pollutant: t(`metric.${quality.primary}`) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={title}>
      <Tag
        style={{ background, color, borderColor: background }}
        data-testid={testId}
        data-category={quality.category}
      >
        {quality.aqi} {t(`aqi.${quality.category}`)}
      </Tag>
    </Tooltip>
  );
}
