import { SearchOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuEntry, matchesTitle, searchableEntries } from './menu-items';
import { useOpenEntry } from './side-menu';

function SearchSelect({
  entries,
  onChosen,
  autoFocus,
  width,
}: {
  entries: readonly MenuEntry[];
  onChosen?: () => void;
  autoFocus?: boolean;
  width: number | string;
}) {
  const { t } = useTranslation('shell');
  const open = useOpenEntry(entries);
  const candidates = useMemo(() => searchableEntries(entries), [entries]);
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select<string>
      showSearch={{
        filterOption: (input, option) => {
          const entry = candidates.find((c) => c.key === option?.value);
          return entry ? matchesTitle(entry, input) : false;
        },
      }}
      value={value}
      autoFocus={autoFocus}
      placeholder={t('header.searchPlaceholder')}
      style={{ width }}
      options={candidates.map((c) => ({
        value: c.key,
        label: <span data-testid={`menu-search-option-${c.key}`}>{c.title}</span>,
      }))}
      notFoundContent={t('header.searchEmpty')}
      onChange={(key) => {
        setValue(null);
        open(key);
        onChosen?.();
      }}
      aria-label={t('header.search')}
      data-testid="menu-search"
      variant="filled"
      suffixIcon={<SearchOutlined />}
    />
  );
}

/**
 * Menu search (spec §2): over visible pages by title; external and iframe pages open in a new
 * tab, others navigate. On mobile it opens in a modal behind a search icon.
 */
export function MenuSearch({ entries, mobile }: { entries: readonly MenuEntry[]; mobile: boolean }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  if (!mobile) return <SearchSelect entries={entries} width={200} />;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('header.search')}
        data-testid="menu-search-open"
      />
      <Modal
        open={open}
        title={t('header.search')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="menu-search-modal"
      >
        <SearchSelect entries={entries} width="100%" autoFocus onChosen={() => setOpen(false)} />
      </Modal>
    </>
  );
}
