import { text } from '../../field-spec';

const HTTP_URL = /^https?:\/\/\S+$/;

/**
 * A map tile template with `{z}`, `{x}` and `{y}`: an http(s) address, or a path on this server
 * such as `/ics/sys/common/tiles/{z}/{x}/{y}.png` (the offline tiles folder).
 */
export const isTileUrl = (v: string) =>
  (HTTP_URL.test(v) || /^\/[^/\s]\S*$/.test(v)) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p));

/** The platform settings form's fields. */
export const platformFields = {
  platFormTitleCn: text({ required: 'form.title.required', max: 100 }),
  platFormTitleEn: text({ max: 100, default: '' }),
  platFormCopyRightName: text({ max: 100, default: '' }),
  platFormCopyRightUrl: text({
    max: 500,
    pattern: { regex: HTTP_URL, message: 'form.url.invalid' },
    default: '',
  }),
  icpNumber: text({ max: 100, default: '' }),
  /** Map tile template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; '' for none. */
  tileUrl: text({ max: 500, check: { test: isTileUrl, message: 'form.tile_url.invalid' }, default: '' }),
  /** Credit the tile provider asks for, shown on the map (`© OpenStreetMap contributors`). */
  tileAttribution: text({ max: 200, default: '' }),
};
