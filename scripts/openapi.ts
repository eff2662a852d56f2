/**
 * `npm run openapi`: writes docs/openapi.json from the code (src/server/openapi/). The API suite
 * fails while the committed file differs from what the code builds.
 */
import fs from 'node:fs';
import { openApiText } from '../src/server/openapi/document';

fs.writeFileSync('docs/openapi.json', openApiText());
console.log('docs/openapi.json écrit.');
