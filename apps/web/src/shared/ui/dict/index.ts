export {
  clearDictMemory,
  type DictItem,
  dictText,
  loadDictItems,
  onDictionariesRefreshed,
  refreshDictionaries,
  toDictItems,
} from './dict-options';
export { type DictDisplay, DictSelect, type DictSelectProps, DictText } from './dict-select';
export { useDictItems } from './use-dict-items';
