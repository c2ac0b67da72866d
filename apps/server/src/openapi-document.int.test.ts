import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openApiDocument } from './openapi-document';

const committed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

// Generating the document converts every route's schemas: allow for a loaded machine.
it('matches the committed docs/openapi.json (run `npm run openapi` after changing a route)', {
  timeout: 120_000,
}, async () => {
  const generated = await openApiDocument();
  expect(JSON.parse(generated).paths['/sys/login']).toBeDefined();
  expect(fs.existsSync(committed) ? fs.readFileSync(committed, 'utf8') : '').toBe(generated);
});
