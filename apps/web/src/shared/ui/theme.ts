/** Default theme colour of the product (spec §9). */
export const PRIMARY_COLOR = '#1890ff';
