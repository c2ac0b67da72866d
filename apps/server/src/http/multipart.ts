import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Lets a plugin scope take `multipart/form-data` bodies up to `maxBytes` whole (the forms of
 * JeecgBoot consoles upload one small file at a time); `uploadedFile` reads the file out.
 */
export function allowMultipart(scope: FastifyInstance, maxBytes: number): void {
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_r, body, done) => done(null, body),
  );
}

/** The bytes of the file sent in form field `field`; 400 when the body is no form or carries no such file. */
export async function uploadedFile(request: FastifyRequest, field = 'file'): Promise<Buffer> {
  const type = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !type.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError(400, 'system.upload.no_file');
  // The platform's own form-data parser (the one `fetch` uses) reads the parts.
  const form = await new Response(request.body, { headers: { 'content-type': type } })
    .formData()
    .catch(() => undefined);
  const file = form?.get(field);
  if (!file || typeof file === 'string') throw new AppError(400, 'system.upload.no_file');
  return Buffer.from(await file.arrayBuffer());
}
