import Input from 'antd/es/input';
import Tabs from 'antd/es/tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../widgets-locales';
import './page-header.css';

export type PageHeaderTab = { key: string; label: ReactNode };

export type PageHeaderSearch = {
  onSearch: (keyword: string) => void;
  placeholder?: string;
  defaultValue?: string;
  /** Text of the search button; without it the button shows a magnifier. */
  enterButton?: ReactNode;
};

export type PageHeaderTabs = {
  items: readonly PageHeaderTab[];
  activeKey: string;
  onChange: (key: string) => void;
};

export type PageHeaderProps = {
  title: ReactNode;
  /** The description area under the title (what the page is for, where it sits). */
  description?: ReactNode;
  /** Actions right of the title. */
  extra?: ReactNode;
  search?: PageHeaderSearch;
  tabs?: PageHeaderTabs;
  'data-testid'?: string;
};

/**
 * The top of a page (the spec's page header with search and tabs): title, description and
 * actions, an optional search box and a tab bar that switches what the page shows. The keyword
 * is trimmed before `onSearch`, so a search of blanks is a search for everything.
 */
export function PageHeader({
  title,
  description,
  extra,
  search,
  tabs,
  'data-testid': testId = 'page-header',
}: PageHeaderProps) {
  const { t } = useTranslation('widgets');
  return (
    <header className={`ics-page-header${tabs ? ' ics-page-header--tabs' : ''}`} data-testid={testId}>
      <div className="ics-page-header__head">
        <h2 className="ics-page-header__title">{title}</h2>
        {extra ? <div className="ics-page-header__extra">{extra}</div> : null}
      </div>
      {description ? <div className="ics-page-header__description">{description}</div> : null}
      {search ? (
        <div className="ics-page-header__search">
          <Input.Search
            placeholder={search.placeholder ?? t('pageHeader.search')}
            defaultValue={search.defaultValue}
            enterButton={search.enterButton ?? true}
            allowClear
            onSearch={(value) => search.onSearch(value.trim())}
            data-testid={`${testId}-search`}
          />
        </div>
      ) : null}
      {tabs ? (
        <Tabs
          className="ics-page-header__tabs"
          activeKey={tabs.activeKey}
          onChange={tabs.onChange}
          items={tabs.items.map((item) => ({ key: item.key, label: item.label }))}
          data-testid={`${testId}-tabs`}
        />
      ) : null}
    </header>
  );
}
