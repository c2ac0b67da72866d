import * as icons from '@ant-design/icons';
import type { ComponentType } from 'react';

type Entry = [string, ComponentType];

/** Every outlined icon of @ant-design/icons by name (a lazy chunk: only the icon picker loads it). */
export const outlinedIcons: Entry[] = Object.entries(icons as unknown as Record<string, unknown>)
  .filter(
    ([name, value]) =>
      name.endsWith('Outlined') && (typeof value === 'object' || typeof value === 'function'),
  )
  .map(([name, value]): Entry => [name, value as ComponentType])
  .sort((a, b) => a[0].localeCompare(b[0]));
