import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { platformTitle, usePlatformSettings } from '../../shared/hooks/use-platform-settings';
import { deploymentModules } from '../../shared/lib/deployment';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { PlatformBrand } from '../../shared/ui/platform-logo';
import '../locales';
import { PlatformFooter } from '../platform-footer';
import { ParticleBackground } from './particle-background';
import './user-layout.css';

/** The blank layout of the sign-in pages: particle background, title, the page, footer. */
export default function UserLayout() {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const settings = usePlatformSettings();
  const title = platformTitle(settings, tc('appName'));
  const modules = deploymentModules().map((m) => t(`user.modules.${m}`));
  return (
    <div className="ics-user-layout">
      <ParticleBackground className="ics-user-layout__canvas" />
      <div className="ics-user-layout__lang">
        <LanguageSwitch tone="dark" />
      </div>
      <main className="ics-user-layout__main">
        <header className="ics-user-layout__top">
          <PlatformBrand
            block="ics-user-layout"
            title={title}
            size={44}
            titleTestId="user-platform-title"
            heading
          />
          <p className="ics-user-layout__subtitle" data-testid="login-subtitle">
            {modules.length ? modules.join(' · ') : t('user.subtitleFallback')}
          </p>
        </header>
        <section className="ics-user-layout__card">
          <Outlet />
        </section>
      </main>
      <PlatformFooter settings={settings} className="ics-user-layout__footer" />
    </div>
  );
}
