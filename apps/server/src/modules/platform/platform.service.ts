import type { Language, PublicPlatformSettings } from '@ics/contract/server';
import { TtlCache } from '../../lib/ttl-cache';
import type { PlatformRepository } from './platform.repository';

export type PlatformSettings = {
  platFormTitleCn: string;
  platFormTitleEn: string;
  platFormLogo: string | null;
  platFormLoginSrc: string | null;
  platFormCopyRightName: string;
  platFormCopyRightUrl: string;
  icpNumber: string;
  registerEnabled: boolean;
  /** Map tile URL template for the GIS map ('' = no base map). */
  tileUrl: string;
  /** The tile provider's credit, shown on the map. */
  tileAttribution: string;
};

/** OpenStreetMap's standard raster tiles, the base map until an administrator names another. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

const DEFAULTS: PlatformSettings = {
  platFormTitleCn: '智慧路灯综合管理平台',
  platFormTitleEn: 'ICS Smart Lighting Platform',
  platFormLogo: null,
  platFormLoginSrc: null,
  platFormCopyRightName: 'ICS',
  platFormCopyRightUrl: '',
  icpNumber: '',
  registerEnabled: false,
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
};

/** Title, logo, copyright and switches stored server-side, with defaults. */
export class PlatformService {
  private readonly cache = new TtlCache<'platform', PlatformSettings>(5_000);

  constructor(
    private readonly repo: PlatformRepository,
    /** The central sign-on server, when configured; the console logs out there too. */
    private readonly casUrl: string | undefined,
  ) {}

  settings(): Promise<PlatformSettings> {
    return this.cache.get('platform', async () => ({
      ...DEFAULTS,
      ...((await this.repo.read<PlatformSettings>()) ?? {}),
    }));
  }

  async update(patch: Partial<PlatformSettings>): Promise<PlatformSettings> {
    const next = { ...(await this.settings()), ...patch };
    await this.repo.write(next);
    this.cache.clear();
    return next;
  }

  /** The platform title in the caller's language. */
  async title(lang: Language): Promise<string> {
    const s = await this.settings();
    return lang === 'en-US' ? s.platFormTitleEn || s.platFormTitleCn : s.platFormTitleCn;
  }

  async publicSettings(lang: Language): Promise<PublicPlatformSettings> {
    const s = await this.settings();
    return {
      platFormTitleCn: await this.title(lang),
      platFormLogo: s.platFormLogo,
      platFormLoginSrc: s.platFormLoginSrc,
      platFormCopyRightName: s.platFormCopyRightName,
      platFormCopyRightUrl: s.platFormCopyRightUrl,
      icpNumber: s.icpNumber,
      registerEnabled: s.registerEnabled,
      casEnabled: Boolean(this.casUrl),
      casUrl: this.casUrl ? this.casUrl.replace(/\/+$/, '') : null,
      tileUrl: s.tileUrl,
      tileAttribution: s.tileAttribution,
    };
  }
}
