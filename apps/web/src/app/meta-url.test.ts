import { describe, expect, it } from 'vitest';
import { evaluateMetaUrl, urlConfigValues } from './meta-url';

const values = urlConfigValues({ apiBase: 'https://lights.example/ics' });

describe('evaluateMetaUrl', () => {
  it('leaves urls without expressions alone', () => {
    expect(evaluateMetaUrl('https://help.example/doc', values)).toBe('https://help.example/doc');
    expect(evaluateMetaUrl(undefined, values)).toBeUndefined();
  });

  it('substitutes the whitelisted window._CONFIG lookups in every spelling', () => {
    expect(evaluateMetaUrl("{{ window._CONFIG['domianURL'] }}/druid/", values)).toBe(
      'https://lights.example/ics/druid/',
    );
    expect(evaluateMetaUrl('{{window._CONFIG["staticDomainURL"]}}/a.png', values)).toBe(
      'https://lights.example/ics/sys/common/static/a.png',
    );
    expect(evaluateMetaUrl('{{ window._CONFIG.pdfDomainURL }}?id=1', values)).toBe(
      'https://lights.example/ics/sys/common/pdf/pdfPreviewIframe?id=1',
    );
  });

  it('refuses anything else instead of running it', () => {
    for (const url of [
      "{{ alert('x') }}",
      "{{ window._CONFIG['secret'] }}",
      "{{ window._CONFIG['domianURL'] + document.cookie }}",
      '{{ window.location.href }}',
      "{{ window._CONFIG['constructor'] }}",
    ]) {
      expect(evaluateMetaUrl(url, values)).toBeUndefined();
    }
  });

  it('turns a relative api base into an absolute url', () => {
    const relative = urlConfigValues({ apiBase: '/ics' });
    expect(relative.domianURL).toMatch(/^https?:\/\/[^/]+\/ics$/);
  });
});
