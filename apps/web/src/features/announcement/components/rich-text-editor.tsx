import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'removeFormat';

/**
 * A small rich-text field (contentEditable with a toolbar). It produces HTML; the server
 * sanitises it before storing, so nothing here is trusted.
 */
export function RichTextEditor({
  value,
  onChange,
  testId = 'rich-text',
}: {
  value?: string | null;
  onChange?: (html: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('announcement');
  const ref = useRef<HTMLDivElement>(null);

  // Only write the DOM when the value differs from what it shows (keeps the caret while typing).
  useEffect(() => {
    const el = ref.current;
    if (el && (value ?? '') !== el.innerHTML) el.innerHTML = value ?? '';
  }, [value]);

  const emit = () => onChange?.(ref.current?.innerHTML === '<br>' ? '' : (ref.current?.innerHTML ?? ''));

  const run = (command: Command | 'createLink', arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    if (command === 'removeFormat') document.execCommand('unlink');
    emit();
  };

  const tool = (label: string, icon: ReactNode, action: () => void, id: string) => (
    <Tooltip title={label} key={id}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        data-testid={`${testId}-${id}`}
        onMouseDown={(e) => e.preventDefault()}
        onClick={action}
      />
    </Tooltip>
  );

  return (
    <div className="ics-rich-text">
      <div className="ics-rich-text__toolbar" role="toolbar">
        {tool(t('editor.bold'), <BoldOutlined />, () => run('bold'), 'bold')}
        {tool(t('editor.italic'), <ItalicOutlined />, () => run('italic'), 'italic')}
        {tool(t('editor.underline'), <UnderlineOutlined />, () => run('underline'), 'underline')}
        {tool(t('editor.bulletList'), <UnorderedListOutlined />, () => run('insertUnorderedList'), 'ul')}
        {tool(t('editor.orderedList'), <OrderedListOutlined />, () => run('insertOrderedList'), 'ol')}
        {tool(
          t('editor.link'),
          <LinkOutlined />,
          () => {
            const url = window.prompt(t('editor.linkPrompt'), 'https://');
            if (url && /^https?:\/\/\S+$/.test(url)) run('createLink', url);
          },
          'link',
        )}
        {tool(t('editor.clear'), <ClearOutlined />, () => run('removeFormat'), 'clear')}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text field has no native element */}
      <div
        ref={ref}
        className="ics-rich-text__content"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        data-testid={testId}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
