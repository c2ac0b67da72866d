// `npm run openapi`: writes docs/openapi.json, the committed API contract that review diffs show.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/openapi-document';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');
fs.writeFileSync(target, await openApiDocument());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
