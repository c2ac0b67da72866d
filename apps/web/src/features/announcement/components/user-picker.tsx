import type { UserRecord } from '@ics/contract';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchUsers } from '../../user';

/** Chooses users by username (searched on the server as you type). Value: user ids. */
export function UserPicker({ value, onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  const { t } = useTranslation('announcement');
  const [options, setOptions] = useState<UserRecord[]>([]);
  const [known, setKnown] = useState<Map<string, UserRecord>>(new Map());
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const users = await searchUsers(text);
        setOptions(users);
        setKnown((m) => new Map([...m, ...users.map((u) => [u.id, u] as const)]));
      } catch {
        setOptions([]);
      } finally {
        setLoading(false);
      }
    }, 300);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the first page once
  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
  }, []);

  const label = (u: UserRecord) => `${u.realname} (${u.username})`;
  const selectedExtra = (value ?? []).filter((id) => !options.some((o) => o.id === id));
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={search}
      placeholder={t('searchUsers')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={[
        ...selectedExtra.map((id) => ({
          value: id,
          label: known.get(id) ? label(known.get(id) as UserRecord) : id,
        })),
        ...options.map((u) => ({ value: u.id, label: label(u) })),
      ]}
      data-testid="announcement-form-users"
    />
  );
}
