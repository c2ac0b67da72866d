/**
 * Theme colour of the product (spec §9 names #1890ff; this darker blue of the same hue gives
 * white text 5:1 contrast, which WCAG 2.1 AA asks for, where #1890ff gives 3.2:1).
 */
export const PRIMARY_COLOR = '#0e6fd1';

/**
 * Design tokens of the console: the primary colour, and secondary texts (placeholders,
 * breadcrumb, descriptions) dark enough to read (4.5:1 on white and on filled inputs).
 */
export const THEME_TOKENS = {
  colorPrimary: PRIMARY_COLOR,
  colorLink: PRIMARY_COLOR,
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  /** Red text (delete links, errors) at 5.9:1 on white; antd's #ff4d4f gives 3.6:1. */
  colorError: '#cf1322',
  /**
   * A coloured tag writes in its colour's shade 7 on its shade 1. For these colours that is
   * 2–4.4:1 (gold 2.8:1); the next darker shade of the same hue reads at 4.5:1 or more. antd
   * keeps each shade under two names (`gold7`, `gold-7`) and its CSS variable takes either.
   */
  volcano7: '#ad2102',
  'volcano-7': '#ad2102',
  orange7: '#ad4e00',
  'orange-7': '#ad4e00',
  gold7: '#874d00',
  'gold-7': '#874d00',
  yellow7: '#876800',
  'yellow-7': '#876800',
  lime7: '#3f6600',
  'lime-7': '#3f6600',
  green7: '#237804',
  'green-7': '#237804',
  cyan7: '#006d75',
  'cyan-7': '#006d75',
} as const;
