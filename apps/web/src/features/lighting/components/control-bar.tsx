import type { ControlAction, ControlScope } from '@ics/contract';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ControlRequest = { action: ControlAction; level?: number };

/** On / Off / Dim (slider 0–100) buttons for whatever target the page controls. */
export function ControlButtons({
  disabled,
  loading,
  onControl,
  testId = 'control',
}: {
  disabled?: boolean;
  loading?: boolean;
  onControl(request: ControlRequest): void;
  testId?: string;
}) {
  const { t } = useTranslation('lighting');
  const [level, setLevel] = useState(50);
  return (
    <Space wrap>
      <Button
        disabled={disabled}
        loading={loading}
        data-testid={`${testId}-on`}
        onClick={() => onControl({ action: 'on' })}
      >
        {t('control.on')}
      </Button>
      <Button
        disabled={disabled}
        loading={loading}
        data-testid={`${testId}-off`}
        onClick={() => onControl({ action: 'off' })}
      >
        {t('control.off')}
      </Button>
      <Slider
        style={{ width: 120 }}
        min={0}
        max={100}
        value={level}
        onChange={setLevel}
        disabled={disabled}
        ariaLabelForHandle={t('lamp.level')}
      />
      <InputNumber
        size="small"
        min={0}
        max={100}
        value={level}
        onChange={(v) => setLevel(Number(v ?? 0))}
        data-testid={`${testId}-level`}
        aria-label={t('lamp.level')}
        style={{ width: 64 }}
      />
      <Button
        type="primary"
        disabled={disabled}
        loading={loading}
        data-testid={`${testId}-dim`}
        onClick={() => onControl({ action: 'dim', level })}
      >
        {t('control.dim')}
      </Button>
    </Space>
  );
}

/** Which scope a control addresses, and its target (lamps come from the table selection). */
export function ScopePicker({
  scope,
  onScope,
  target,
  onTarget,
  targets,
}: {
  scope: ControlScope;
  onScope(scope: ControlScope): void;
  target: string | undefined;
  onTarget(id: string | undefined): void;
  targets: Partial<Record<ControlScope, Array<{ value: string; label: string }>>>;
}) {
  const { t } = useTranslation('lighting');
  return (
    <Space>
      <Select<ControlScope>
        value={scope}
        style={{ width: 130 }}
        data-testid="control-scope"
        aria-label={t('control.scope')}
        onChange={(s) => {
          onScope(s);
          onTarget(undefined);
        }}
        options={(['lamps', 'group', 'gateway', 'project'] as const).map((s) => ({
          value: s,
          label: t(`control.scopes.${s}`),
        }))}
      />
      {scope !== 'lamps' && (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('control.target')}
          value={target}
          onChange={onTarget}
          data-testid="control-target"
          aria-label={t('control.target')}
          options={targets[scope] ?? []}
        />
      )}
    </Space>
  );
}
