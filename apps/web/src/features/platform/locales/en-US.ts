import type { platformZhCN } from './zh-CN';

export const platformEnUS: typeof platformZhCN = {
  common: {
    save: 'Save',
    saved: 'Saved',
  },
  title: 'Platform settings',
  basic: 'General',
  titleCn: 'Platform title (Chinese)',
  titleEn: 'Platform title (English)',
  logo: 'Logo',
  logoHint: 'PNG or JPEG, at most 200 KB, ideally 180×180',
  loginBackground: 'Login background',
  loginBackgroundHint: 'PNG or JPEG, at most 2 MB',
  copyrightName: 'Copyright holder',
  copyrightUrl: 'Copyright link',
  icpNumber: 'ICP record number',
  registerEnabled: 'Allow self-registration',
  tileUrl: 'Map tile URL',
  tileUrlHelp:
    'For example https://tile.openstreetmap.org/{z}/{x}/{y}.png; without internet, copy tiles into the tiles folder of the data directory and use /ics/sys/common/tiles/{z}/{x}/{y}.png; empty for no base map',
  tileAttribution: 'Map credit',
};
