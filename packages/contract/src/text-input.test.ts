import { describe, expect, it } from 'vitest';
import { hasControlCharacter, jsonInput, textInput } from './text-input.schemas';

describe('text input', () => {
  it('refuses NUL and the other control characters nobody types, with the form message', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001by', 'del\u007f', 'lone \ud800 half', 'tail \udc00'])
      expect(textInput().safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(
        'form.control_chars',
      );
  });

  it('accepts text as people write it: tabs, line breaks, emoji, Chinese', () => {
    for (const good of ['巡检\t完成', 'line\r\nbreak', '😀 ok', '路灯-01', ''])
      expect(hasControlCharacter(good), JSON.stringify(good)).toBe(false);
  });

  it('keeps the limits chained after it', () => {
    expect(textInput().max(3).safeParse('abcd').success).toBe(false);
    expect(textInput().trim().min(1).safeParse('  a ').data).toBe('a');
  });

  it('looks into every string of free-form JSON, keys included', () => {
    expect(jsonInput().safeParse({ a: [{ b: 'ok' }], n: 1 }).success).toBe(true);
    expect(jsonInput().safeParse({ a: [{ b: 'x\u0000' }] }).success).toBe(false);
    expect(jsonInput().safeParse({ 'k\u0000': 1 }).success).toBe(false);
  });
});
