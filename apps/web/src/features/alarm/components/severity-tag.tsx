import type { AlarmSeverity } from '@ics/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { severityColors } from '../utils/labels';
import '../locales';

/** An alarm's severity as a coloured tag. */
export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const { t } = useTranslation('alarm');
  return (
    <Tag color={severityColors[severity]} data-testid={`severity-${severity}`}>
      {t(`severity.${severity}`)}
    </Tag>
  );
}
