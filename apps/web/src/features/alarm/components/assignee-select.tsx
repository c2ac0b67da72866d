import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchUsers } from '../api/search-users';
import '../locales';

type Option = { value: string; label: string };

/** Chooses one user, searched on the server as you type (the server checks they see the project). */
export function AssigneeSelect({
  value,
  onChange,
  initialLabel,
  id,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The current assignee's name, shown before any search. */
  initialLabel?: string | null;
  id?: string;
}) {
  const { t } = useTranslation('alarm');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const users = await searchUsers(text);
        setOptions(users.map((u) => ({ value: u.id, label: `${u.realname || u.username} (${u.username})` })));
      } catch {
        setOptions([]);
      } finally {
        setLoading(false);
      }
    }, 250);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the first page once
  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
  }, []);

  const known = value && !options.some((o) => o.value === value);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('workorder.assignee')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={[...(known ? [{ value, label: initialLabel ?? value }] : []), ...options]}
      data-testid="workorder-assignee"
    />
  );
}
