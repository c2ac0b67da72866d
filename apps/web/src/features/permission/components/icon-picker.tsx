import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tooltip from 'antd/es/tooltip';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Catalogue = [string, ComponentType][];
let catalogue: Promise<Catalogue> | undefined;
const loadCatalogue = () => {
  catalogue ??= import('./icon-catalogue').then((m) => m.outlinedIcons);
  return catalogue;
};

function useCatalogue(enabled: boolean): Catalogue | null {
  const [icons, setIcons] = useState<Catalogue | null>(null);
  useEffect(() => {
    if (!enabled || icons) return;
    let live = true;
    void loadCatalogue().then((list) => live && setIcons(list));
    return () => {
      live = false;
    };
  }, [enabled, icons]);
  return icons;
}

/** A menu icon field: the chosen name with a preview, and a searchable modal of outlined icons. */
export function IconPicker({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const { t } = useTranslation('permission');
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const icons = useCatalogue(open || Boolean(value));
  const current = useMemo(() => icons?.find(([name]) => name === value)?.[1], [icons, value]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (icons ?? []).filter(([name]) => !f || name.toLowerCase().includes(f));
  }, [icons, filter]);
  const Current = current;

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value || null)}
          prefix={Current ? <Current /> : undefined}
          allowClear
          data-testid="menu-form-icon"
        />
        <Button onClick={() => setOpen(true)} data-testid="menu-form-icon-pick">
          {t('chooseIcon')}
        </Button>
      </Space.Compact>
      <Modal
        open={open}
        title={t('chooseIcon')}
        width={760}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Input.Search
          placeholder={t('iconSearch')}
          allowClear
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ marginBottom: 12 }}
          data-testid="icon-picker-search"
        />
        {!icons ? (
          <Spin />
        ) : shown.length === 0 ? (
          <Empty />
        ) : (
          <div className="ics-icon-grid" data-testid="icon-picker-grid">
            <Button
              type="text"
              onClick={() => {
                onChange?.(null);
                setOpen(false);
              }}
            >
              {t('iconNone')}
            </Button>
            {shown.map(([name, Icon]) => (
              <Tooltip key={name} title={name}>
                <Button
                  type={name === value ? 'primary' : 'text'}
                  aria-label={name}
                  data-testid={`icon-${name}`}
                  onClick={() => {
                    onChange?.(name);
                    setOpen(false);
                  }}
                  style={{ fontSize: 20, width: 44, height: 44 }}
                >
                  <Icon />
                </Button>
              </Tooltip>
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
