import { type ComponentType, useEffect, useState } from 'react';

/** The icon of a menu row by name (outlined icon names load the icon catalogue lazily). */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const [Icon, setIcon] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!name?.endsWith('Outlined')) {
      setIcon(null);
      return;
    }
    let live = true;
    void import('./icon-catalogue').then((m) => {
      const found = m.outlinedIcons.find(([n]) => n === name)?.[1];
      if (live) setIcon(() => found ?? null);
    });
    return () => {
      live = false;
    };
  }, [name]);
  return Icon ? <Icon /> : null;
}
