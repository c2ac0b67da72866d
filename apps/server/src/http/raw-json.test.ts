import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, pickEncoding } from './content-encoding';
import { GZIP_MIN_BYTES, RawJson } from './raw-json';

const result = {
  menu: Array.from({ length: 60 }, (_, i) => ({ id: `m${i}`, name: `菜单 ${i}`, path: `/menu/${i}` })),
};

describe('RawJson', () => {
  it('writes the envelope around the result with the given timestamp', () => {
    const raw = new RawJson(JSON.stringify(result));
    const body = JSON.parse(raw.envelope('操作成功', 1_700_000_000_123).toString('utf8'));
    expect(body).toEqual({
      success: true,
      message: '操作成功',
      code: 200,
      result,
      timestamp: 1_700_000_000_123,
    });
  });

  it('gzips to exactly the plain envelope, for every timestamp and message', () => {
    const raw = new RawJson(JSON.stringify(result));
    for (const [message, timestamp] of [
      ['操作成功', 1_700_000_000_123],
      ['操作成功', 1_700_000_000_124],
      ['OK', 1_700_000_000_124],
      ['操作成功', 9],
    ] as const) {
      const gzip = raw.gzipEnvelope(message, timestamp);
      expect(gunzipSync(gzip).equals(raw.envelope(message, timestamp))).toBe(true);
    }
  });

  it('sends a fraction of the bytes compressed', () => {
    const raw = new RawJson(JSON.stringify(result));
    expect(raw.worthCompressing).toBe(true);
    expect(raw.gzipEnvelope('OK').length).toBeLessThan(raw.envelope('OK').length / 3);
  });

  it('leaves short answers uncompressed', () => {
    expect(new RawJson('"x"'.padEnd(GZIP_MIN_BYTES - 1, ' ')).worthCompressing).toBe(false);
  });
});

describe('Accept-Encoding', () => {
  it('honours the codings a client names and those it refuses', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('')).toBe('identity');
  });
});
