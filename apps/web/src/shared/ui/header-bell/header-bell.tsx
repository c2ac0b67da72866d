import Badge from 'antd/es/badge';
import Popover, { type PopoverProps } from 'antd/es/popover';
import Spin from 'antd/es/spin';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './header-bell.css';

export type HeaderBellProps = {
  icon: ComponentType<{ style?: CSSProperties }>;
  count: number;
  /** The count is not known yet (the button then carries no `data-count`). */
  countPending: boolean;
  /** The button's accessible name. */
  label: string;
  className: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The popover's body, above the link to the full list. */
  children: ReactNode;
  /** The body is loading. */
  loading: boolean;
  width: number;
  /** The link under the body to the page that lists everything. */
  more: { to: string; text: string; className: string };
  /** Test id of the button; its parts are `<parts>-popover`, `<parts>-count`, `<parts>-more`. */
  testId: string;
  partsTestId: string;
  popover?: Pick<PopoverProps, 'classNames' | 'arrow'>;
};

/** A bell in the page header: a count on a button that opens the newest items in a popover. */
export function HeaderBell(props: HeaderBellProps) {
  const { testId, partsTestId, more, onOpenChange, icon: Icon } = props;
  const content = (
    <div style={{ width: props.width }} data-testid={`${partsTestId}-popover`}>
      <Spin spinning={props.loading}>{props.children}</Spin>
      <Link
        to={more.to}
        className={`ics-header-bell__more ${more.className}`}
        onClick={() => onOpenChange(false)}
        data-testid={`${partsTestId}-more`}
      >
        {more.text}
      </Link>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={props.open}
      onOpenChange={onOpenChange}
      content={content}
      {...props.popover}
    >
      <button
        type="button"
        className={`ics-header-bell ${props.className}`}
        aria-label={props.label}
        data-testid={testId}
        data-count={props.countPending ? undefined : props.count}
      >
        <Badge count={props.count} size="small" data-testid={`${partsTestId}-count`}>
          <Icon style={{ fontSize: 16, padding: 4 }} />
        </Badge>
      </button>
    </Popover>
  );
}
