import type { RawMessageDto } from '@ics/contract';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRawMessages } from '../api/get-raw-messages';

const POLL_MS = 1_000;
const KEEP = 500;

/** A payload as indented JSON when it is JSON, else as sent. */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** Whether a message concerns device `address` (a reading, event or command naming it). */
export function mentionsDevice(message: RawMessageDto, address: string): boolean {
  return message.payload.includes(`"dev":"${address}"`);
}

/** The live raw messages of a gateway, newest on top: polled every second with `after` (key it by gateway). */
export function RawMessagePanel({ gatewayId, address }: { gatewayId: string; address: string | null }) {
  const { t } = useTranslation('device');
  const [messages, setMessages] = useState<RawMessageDto[]>([]);
  const [paused, setPaused] = useState(false);
  const [onlyDevice, setOnlyDevice] = useState(false);
  const after = useRef(0);

  useEffect(() => {
    if (paused) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { messages: fresh, last } = await getRawMessages(gatewayId, after.current);
        if (stopped) return;
        after.current = Math.max(after.current, last);
        if (fresh.length)
          setMessages((current) => [...[...fresh].sort((a, b) => b.seq - a.seq), ...current].slice(0, KEEP));
      } catch {
        // shown by the HTTP client; keep polling
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [gatewayId, paused]);

  const shown = useMemo(
    () => (onlyDevice && address ? messages.filter((m) => mentionsDevice(m, address)) : messages),
    [messages, onlyDevice, address],
  );

  return (
    <Card
      size="small"
      title={`${t('test.raw.title')} · ${t('test.raw.count', { count: shown.length })}`}
      extra={
        <Space>
          {address && (
            <Checkbox checked={onlyDevice} onChange={(e) => setOnlyDevice(e.target.checked)}>
              {t('test.raw.onlyDevice')}
            </Checkbox>
          )}
          <Button size="small" data-testid="raw-pause" onClick={() => setPaused((p) => !p)}>
            {paused ? t('test.raw.resume') : t('test.raw.pause')}
          </Button>
          <Button size="small" data-testid="raw-clear" onClick={() => setMessages([])}>
            {t('test.raw.clear')}
          </Button>
        </Space>
      }
    >
      <div className="ics-test-console__raw" data-testid="raw-messages">
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('test.raw.empty')} />
        ) : (
          shown.map((m) => (
            <div key={m.seq} className="ics-test-console__message" data-testid="raw-message">
              <div className="ics-test-console__meta">
                <Tag color={m.direction === 'up' ? 'blue' : 'orange'}>{t(`test.raw.${m.direction}`)}</Tag>
                <span>{dayjs(m.ts).format('HH:mm:ss.SSS')}</span>
                <code>{m.topic}</code>
                {m.error && <Tag color="red">{t('test.raw.dropped', { error: m.error })}</Tag>}
              </div>
              <pre>{prettyPayload(m.payload)}</pre>
            </div>
          ))
        )}
      </div>
    </Card>
  );
}
