import { useEffect, useState } from 'react';
import { type DictItem, loadDictItems } from './dict-options';

/** Options of dictionary `code` (cache first, then the server); empty while loading. */
export function useDictItems(code: string | undefined): DictItem[] {
  const [items, setItems] = useState<DictItem[]>([]);
  useEffect(() => {
    if (!code) {
      setItems([]);
      return;
    }
    let alive = true;
    void loadDictItems(code).then((loaded) => {
      if (alive) setItems(loaded);
    });
    return () => {
      alive = false;
    };
  }, [code]);
  return items;
}
