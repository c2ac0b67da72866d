import { CheckOutlined } from '@ant-design/icons';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Preferences,
  THEME_COLORS,
  updatePreferences,
  usePreferences,
} from '../hooks/preferences-store';
import '../locales';
import './settings-drawer.css';

function Row({
  label,
  hint,
  disabled,
  children,
}: {
  label: string;
  hint?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const text = <span>{label}</span>;
  return (
    <div className={`ics-settings__row${disabled ? ' ics-settings__row--disabled' : ''}`}>
      {disabled && hint ? <Tooltip title={hint}>{text}</Tooltip> : text}
      {children}
    </div>
  );
}

/** The system settings drawer (spec §2): every choice applies at once and is kept locally. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const p = usePreferences();
  const set = (patch: Partial<Preferences>) => updatePreferences(patch);
  const toggle = (key: keyof Preferences, testId: string, disabled = false) => (
    <Switch
      size="small"
      checked={Boolean(p[key])}
      disabled={disabled}
      onChange={(checked) => set({ [key]: checked })}
      data-testid={testId}
    />
  );

  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={onClose}
      size={300}
      placement="right"
      data-testid="settings-drawer"
      rootClassName="ics-settings"
    >
      <section className="ics-settings__section">
        <h3 className="ics-settings__heading">{t('style')}</h3>
        <div className="ics-settings__styles">
          {(['dark', 'light'] as const).map((theme) => (
            <Tooltip key={theme} title={t(theme)}>
              <button
                type="button"
                className="ics-settings__style"
                style={{ ['--side' as string]: theme === 'dark' ? '#001529' : '#fff' }}
                aria-label={t(theme)}
                aria-pressed={p.navTheme === theme}
                onClick={() => set({ navTheme: theme })}
                data-testid={`settings-theme-${theme}`}
              >
                {p.navTheme === theme ? <CheckOutlined className="ics-settings__check" /> : null}
              </button>
            </Tooltip>
          ))}
        </div>
      </section>

      <section className="ics-settings__section">
        <h3 className="ics-settings__heading">{t('color')}</h3>
        <div className="ics-settings__colors">
          {THEME_COLORS.map(({ key, color }) => (
            <Tooltip key={key} title={t(`colors.${key}`)}>
              <button
                type="button"
                className="ics-settings__color"
                style={{ background: color }}
                aria-label={t(`colors.${key}`)}
                aria-pressed={p.primaryColor.toLowerCase() === color.toLowerCase()}
                onClick={() => set({ primaryColor: color })}
                data-testid={`settings-color-${color.slice(1).toLowerCase()}`}
              >
                {p.primaryColor.toLowerCase() === color.toLowerCase() ? <CheckOutlined /> : null}
              </button>
            </Tooltip>
          ))}
        </div>
      </section>

      <section className="ics-settings__section">
        <h3 className="ics-settings__heading">{t('navigation')}</h3>
        <div className="ics-settings__styles">
          {(['sidemenu', 'topmenu'] as const).map((layout) => (
            <Tooltip key={layout} title={t(layout)}>
              <button
                type="button"
                className={`ics-settings__style${layout === 'topmenu' ? ' ics-settings__style--top' : ''}`}
                style={{ ['--side' as string]: '#001529' }}
                aria-label={t(layout)}
                aria-pressed={p.layout === layout}
                onClick={() => set({ layout })}
                data-testid={`settings-layout-${layout}`}
              >
                {p.layout === layout ? <CheckOutlined className="ics-settings__check" /> : null}
              </button>
            </Tooltip>
          ))}
        </div>
        <div style={{ marginTop: 12 }}>
          <Row label={t('contentWidth')}>
            <Select
              size="small"
              style={{ width: 90 }}
              value={p.contentWidth}
              onChange={(contentWidth) => set({ contentWidth })}
              options={[
                { value: 'Fixed', label: t('fixed') },
                ...(p.layout === 'topmenu' ? [{ value: 'Fluid' as const, label: t('fluid') }] : []),
              ]}
              data-testid="settings-content-width"
            />
          </Row>
          <Row label={t('fixedHeader')}>{toggle('fixedHeader', 'settings-fixed-header')}</Row>
          <Row label={t('autoHideHeader')} hint={t('autoHideHint')} disabled={!p.fixedHeader}>
            {toggle('autoHideHeader', 'settings-auto-hide-header', !p.fixedHeader)}
          </Row>
          <Row label={t('fixSiderbar')} hint={t('fixSiderbarHint')} disabled={p.layout === 'topmenu'}>
            {toggle('fixSiderbar', 'settings-fix-siderbar', p.layout === 'topmenu')}
          </Row>
        </div>
      </section>

      <section className="ics-settings__section">
        <h3 className="ics-settings__heading">{t('other')}</h3>
        <Row label={t('colorWeak')}>{toggle('colorWeak', 'settings-color-weak')}</Row>
        <Row label={t('multipage')}>{toggle('multipage', 'settings-multipage')}</Row>
        <p style={{ marginTop: 16, color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{t('saved')}</p>
      </section>
    </Drawer>
  );
}
