export {
  PageHeader,
  type PageHeaderProps,
  type PageHeaderSearch,
  type PageHeaderTab,
  type PageHeaderTabs,
} from './page-header';
