// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHeader } from './page-header';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('page header', () => {
  it('shows title and description, searches with a trimmed keyword and switches tabs', () => {
    const onSearch = vi.fn();
    const onChange = vi.fn();
    act(() =>
      root.render(
        <PageHeader
          title="Messages"
          description="What this page is for"
          search={{ onSearch, defaultValue: '  lamp  ' }}
          tabs={{
            items: [
              { key: 'all', label: 'All' },
              { key: 'unread', label: 'Unread' },
            ],
            activeKey: 'all',
            onChange,
          }}
        />,
      ),
    );
    expect(container.querySelector('h2')?.textContent).toBe('Messages');
    expect(container.textContent).toContain('What this page is for');
    act(() =>
      container.querySelector<HTMLButtonElement>('.ant-input-search-button, .ant-input-search-btn')!.click(),
    );
    expect(onSearch).toHaveBeenCalledWith('lamp');
    const unread = [...container.querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')].find(
      (el) => el.textContent === 'Unread',
    );
    act(() => unread!.click());
    expect(onChange).toHaveBeenCalledWith('unread');
  });
});
