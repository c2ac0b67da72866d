// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and unsafe urls', () => {
    const html = sanitizeHtml(
      '<p style="color:red" onclick="x()">Hi <b>there</b><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://e/x.png" onerror="y()"><custom>text</custom>',
    );
    expect(html).toContain('<p style="color:red">Hi <b>there</b></p>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<img src="https://e/x.png">');
    expect(html).toContain('text');
    expect(html).not.toContain('custom');
  });

  it('handles empty content', () => {
    expect(sanitizeHtml(null)).toBe('');
  });
});
