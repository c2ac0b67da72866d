import { describe, expect, it } from 'vitest';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  neighbourAfterClose,
  openTab,
  type PageTab,
} from './tabs';

const HOME = '/dashboard/analysis';
const tab = (key: string): PageTab => ({ key });
const keys = (tabs: PageTab[]) => tabs.map((t) => t.key);

describe('page tabs', () => {
  const tabs = [tab(HOME), tab('/a'), tab('/b'), tab('/c')];

  it('opens a page once, at the end', () => {
    expect(keys(openTab(tabs, tab('/d')))).toEqual([HOME, '/a', '/b', '/c', '/d']);
    expect(openTab(tabs, tab('/a'))).toBe(tabs);
  });

  it('refuses to close the home page and the last page', () => {
    expect(closeTab(tabs, HOME, HOME).refused).toBe('home');
    expect(closeTab([tab('/a')], '/a', HOME).refused).toBe('last');
    expect(closeTab([tab(HOME)], HOME, HOME).refused).toBe('home');
    const closed = closeTab(tabs, '/b', HOME);
    expect(closed.refused).toBeUndefined();
    expect(keys(closed.tabs)).toEqual([HOME, '/a', '/c']);
  });

  it('closes left, right and others, keeping home', () => {
    expect(keys(closeLeft(tabs, '/b', HOME))).toEqual([HOME, '/b', '/c']);
    expect(keys(closeRight(tabs, '/a', HOME))).toEqual([HOME, '/a']);
    expect(keys(closeOthers(tabs, '/b', HOME))).toEqual([HOME, '/b']);
    expect(keys(closeRight([tab('/a'), tab(HOME)], '/a', HOME))).toEqual(['/a', HOME]);
  });

  it('shows the right neighbour after closing, else the left one', () => {
    expect(neighbourAfterClose(tabs, closeTab(tabs, '/b', HOME).tabs, '/b')).toBe('/c');
    expect(neighbourAfterClose(tabs, closeTab(tabs, '/c', HOME).tabs, '/c')).toBe('/b');
  });
});
