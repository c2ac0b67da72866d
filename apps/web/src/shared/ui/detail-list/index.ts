export { type DetailItem, DetailList, detailColumns, MAX_DETAIL_COLUMNS } from './detail-list';
