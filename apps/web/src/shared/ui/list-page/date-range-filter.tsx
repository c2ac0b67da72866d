import type { RangePickerProps } from 'antd/es/date-picker';
import DatePicker from 'antd/es/date-picker';
import type { FilterField } from './list-params';

/**
 * The range picker of a search form. Either end may stay empty (an open range: "since",
 * "until"), which is also what lets a keyboard user Tab through it: antd holds the focus on an
 * empty end that must be filled, so without this the start box traps the Tab key and the
 * search button can only be reached backwards.
 */
export function DateRangeFilter(props: RangePickerProps) {
  return <DatePicker.RangePicker {...props} allowEmpty={[true, true]} />;
}

/**
 * A search field over a range of dates and times (to the second); `toParams` makes the picked
 * range into the list's parameters (`from`/`to` as the route takes them).
 */
export function dateTimeRangeFilter(
  name: string,
  label: string,
  toParams: NonNullable<FilterField['toParams']>,
): FilterField {
  return {
    name,
    label,
    kind: 'dateRange',
    input: (control) => <DateRangeFilter {...(control as object)} showTime />,
    toParams,
  };
}
