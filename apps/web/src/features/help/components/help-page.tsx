import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../../shared/lib/http/runtime-config';
import '../locales';

const SECTIONS = ['start', 'lamps', 'map', 'strategies', 'access'] as const;

/** `/help`: a short guide for operators; the API reference is the second stop. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <Card data-testid="help-page">
      <Typography>
        <Typography.Title level={2}>{t('title')}</Typography.Title>
        <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
        {SECTIONS.map((s) => (
          <section key={s}>
            <Typography.Title level={3}>{t(`sections.${s}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`sections.${s}.body`)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Title level={3}>{t('links.title')}</Typography.Title>
        <Typography.Paragraph>
          <a href={`${apiBaseUrl()}/doc`} target="_blank" rel="noreferrer" data-testid="help-api-link">
            {t('links.api')}
          </a>
        </Typography.Paragraph>
      </Typography>
    </Card>
  );
}
