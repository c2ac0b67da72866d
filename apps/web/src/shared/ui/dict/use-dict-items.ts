import { toLanguage } from '@ics/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictItem, loadDictItems } from './dict-options';

/**
 * Options of dictionary `code` in the console's current language (cache first, then the
 * server); empty while loading. A language switch loads the texts again.
 */
export function useDictItems(code: string | undefined): DictItem[] {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const [items, setItems] = useState<DictItem[]>([]);
  useEffect(() => {
    if (!code) {
      setItems([]);
      return;
    }
    let alive = true;
    void loadDictItems(code, language).then((loaded) => {
      if (alive) setItems(loaded);
    });
    return () => {
      alive = false;
    };
  }, [code, language]);
  return items;
}
