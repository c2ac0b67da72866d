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
} as const;
