import type { RangePickerProps } from 'antd/es/date-picker';
import DatePicker from 'antd/es/date-picker';

/**
 * The range picker of a search form. Either end may stay empty (an open range: "since",
 * "until"), which is also what lets a keyboard user Tab through it: antd holds the focus on an
 * empty end that must be filled, so without this the start box traps the Tab key and the
 * search button can only be reached backwards.
 */
export function DateRangeFilter(props: RangePickerProps) {
  return <DatePicker.RangePicker {...props} allowEmpty={[true, true]} />;
}
