import { describe, expect, it } from 'vitest';
import { fileToBase64 } from './file';

describe('fileToBase64', () => {
  it('encodes the bytes of a file', async () => {
    expect(await fileToBase64(new Blob([new Uint8Array([0, 1, 2, 250, 255])]))).toBe('AAEC+v8=');
  });
});
