import type { PublicPlatformSettings } from '@ics/contract';
import { useTranslation } from 'react-i18next';
import './locales';

/** Copyright line and the ICP filing number (both from the platform settings). */
export function PlatformFooter({
  settings,
  className,
}: {
  settings: PublicPlatformSettings | undefined;
  className?: string;
}) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const name = settings?.platFormCopyRightName?.trim() || tc('appName');
  const copyright = tc('footer.copyright', { year: new Date().getFullYear(), name });
  const icp = settings?.icpNumber?.trim();
  return (
    <footer className={className} data-testid="platform-footer">
      <div>
        {settings?.platFormCopyRightUrl ? (
          <a href={settings.platFormCopyRightUrl} target="_blank" rel="noreferrer">
            {copyright}
          </a>
        ) : (
          copyright
        )}
      </div>
      {icp ? (
        <div>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" data-testid="icp-number">
            {t('footer.icp', { number: icp })}
          </a>
        </div>
      ) : null}
    </footer>
  );
}
