import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { dictText } from './dict-options';
import { useDictItems } from './use-dict-items';

/** The forms a dictionary widget takes (spec §4); select is the default. */
export type DictDisplay = 'select' | 'radio' | 'radioButton' | 'text';

export type DictSelectProps = {
  /** Dictionary code, e.g. `priority`. */
  dictCode: string;
  type?: DictDisplay;
  /** Set by antd Form.Item so the label points at the control. */
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'data-testid'?: string;
};

/**
 * A dictionary as select, radio group, button radio group or read-only text (the upstream
 * `j-dict-select-tag`); usable as an antd Form control (value/onChange).
 */
export function DictSelect({
  dictCode,
  type = 'select',
  id,
  value,
  onChange,
  placeholder,
  disabled,
  allowClear = true,
  style,
  'data-testid': testId,
}: DictSelectProps) {
  const items = useDictItems(dictCode);
  if (type === 'text') {
    return <span data-testid={testId}>{dictText(items, value)}</span>;
  }
  if (type === 'radio' || type === 'radioButton') {
    const Item = type === 'radioButton' ? Radio.Button : Radio;
    return (
      <Radio.Group
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value as string)}
        style={style}
        data-testid={testId}
      >
        {items.map((item) => (
          <Item key={item.value} value={item.value}>
            {item.text}
          </Item>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Select
      id={id}
      value={value === '' ? undefined : value}
      onChange={(v: string | undefined) => onChange?.(v)}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      options={items.map((i) => ({ value: i.value, label: i.text }))}
      style={{ minWidth: 120, ...style }}
      data-testid={testId}
    />
  );
}

/** The text of a dictionary value (or comma-separated values) for tables and detail lists. */
export function DictText({
  dictCode,
  value,
}: {
  dictCode: string;
  value: string | number | null | undefined;
}) {
  const items = useDictItems(dictCode);
  return <>{dictText(items, value)}</>;
}
