import { toLanguage } from '@ics/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DictItem,
  dictionariesGeneration,
  loadDictItems,
  onDictionariesRefreshed,
} from './dict-options';

/**
 * Options of dictionary `code` in the console's current language (cache first, then the
 * server); empty while loading. A language switch or a dictionary refresh loads them again.
 */
export function useDictItems(code: string | undefined): DictItem[] {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const refreshed = useSyncExternalStore(onDictionariesRefreshed, dictionariesGeneration);
  const [items, setItems] = useState<DictItem[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refresh (`refreshed`) loads the items again
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
  }, [code, language, refreshed]);
  return items;
}
