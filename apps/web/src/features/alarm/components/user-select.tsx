import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useEffect, useRef, useState } from 'react';

/** What a user search answers: enough to name the user. */
export type FoundUser = { id: string; username: string; realname?: string | null };

type Option = { value: string; label: string };

/**
 * Chooses one user, searched on the server as you type. `search` answers the users matching a
 * text; the first page loads again whenever `searchKey` changes (e.g. another project).
 */
export function UserSelect({
  search,
  searchKey,
  value,
  onChange,
  initialLabel,
  placeholder,
  disabled,
  id,
  testId,
}: {
  search: (text: string) => Promise<FoundUser[]>;
  searchKey: string;
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The current user's name, shown before any search. */
  initialLabel?: string | null;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  testId?: string;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The latest search function, so a pending timer never asks with a stale project.
  const latest = useRef(search);
  latest.current = search;

  const load = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const users = await latest.current(text);
        setOptions(users.map((u) => ({ value: u.id, label: `${u.realname || u.username} (${u.username})` })));
      } catch {
        setOptions([]);
      } finally {
        setLoading(false);
      }
    }, 250);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the first page once per key
  useEffect(() => {
    if (disabled) setOptions([]);
    else load('');
    return () => clearTimeout(timer.current);
  }, [searchKey, disabled]);

  const known = value && !options.some((o) => o.value === value);
  return (
    <Select
      id={id}
      allowClear
      disabled={disabled}
      style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: load }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={[...(known ? [{ value, label: initialLabel ?? value }] : []), ...options]}
      data-testid={testId}
    />
  );
}
