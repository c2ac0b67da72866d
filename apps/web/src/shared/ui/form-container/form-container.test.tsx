// @vitest-environment happy-dom
import Input from 'antd/es/input';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormContainer, type FormContainerProps } from './form-container';

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

function render(props: Omit<FormContainerProps, 'children'>) {
  act(() =>
    root.render(
      <FormContainer {...props}>
        <Input data-testid="antd-input" />
        <input data-testid="native-input" />
      </FormContainer>,
    ),
  );
}

const q = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('form container', () => {
  it('disables every input in detail mode and offers no footer', () => {
    render({ mode: 'detail', onSubmit: vi.fn(), onCancel: vi.fn() });
    expect((q('antd-input') as HTMLInputElement).disabled).toBe(true);
    // Native inputs are disabled by their fieldset (the browser journey checks the effect).
    expect(q('native-input')?.closest('fieldset')?.disabled).toBe(true);
    expect(q('form-container-submit')).toBeNull();
  });

  it('lets inputs change in edit mode; submit is blocked while saving', () => {
    const onSubmit = vi.fn();
    render({ mode: 'edit', onSubmit, onCancel: vi.fn() });
    expect((q('antd-input') as HTMLInputElement).disabled).toBe(false);
    expect(q('native-input')?.closest('fieldset')?.disabled).toBe(false);
    act(() => q('form-container-submit')!.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);

    render({ mode: 'edit', onSubmit, onCancel: vi.fn(), saving: true });
    expect((q('form-container-submit') as HTMLButtonElement).disabled).toBe(true);
    act(() => q('form-container-submit')!.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows a loading or an empty state instead of the form', () => {
    render({ mode: 'edit', loading: true, onSubmit: vi.fn() });
    expect(q('form-container-loading')).not.toBeNull();
    expect(q('antd-input')).toBeNull();
    expect(q('form-container-submit')).toBeNull();
    render({ mode: 'edit', empty: true, emptyText: 'gone' });
    expect(q('form-container-empty')?.textContent).toContain('gone');
    expect(q('antd-input')).toBeNull();
  });
});
