import { type DictCatalogue, type DictOption, dictRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import Select, { type SelectProps } from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { call, unwrap } from '../../lib/http';
import { StorageKeys, storage } from '../../lib/storage/storage';

/** Options of a dictionary: the login's cached catalogue first, then `getDictItems/{code}`. */
export function useDictOptions(code: string | undefined): DictOption[] {
  const { i18n } = useTranslation();
  const cached = code ? storage.get<DictCatalogue>(StorageKeys.dictionaries)?.[code] : undefined;
  const query = useQuery({
    queryKey: ['dict', code, i18n.language],
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
    queryFn: async () => unwrap(await call(dictRoutes.getDictItems, { params: { code: code ?? '' } })),
  });
  return query.data ?? cached ?? [];
}

export type DictSelectProps = Omit<SelectProps<string>, 'options'> & { dictCode: string };

/** A select over a dictionary's items (value → text). */
export function DictSelect({ dictCode, ...props }: DictSelectProps) {
  const options = useDictOptions(dictCode);
  return (
    <Select<string>
      allowClear
      {...props}
      options={options.map((o) => ({ value: o.value, label: o.text || o.title }))}
    />
  );
}
