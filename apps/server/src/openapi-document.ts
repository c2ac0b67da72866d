import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';

/** The OpenAPI document of every contract route, as the server publishes it at `/ics/doc/json`. */
export async function openApiDocument(): Promise<string> {
  const db = await openDatabase({});
  try {
    const { app } = await buildApp({
      config: loadConfig({ ICS_DEMO: '0', ICS_LOG_LEVEL: 'silent' }),
      db,
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/ics/doc/json' });
    const document = res.json();
    await app.close();
    return `${JSON.stringify(document, null, 2)}\n`;
  } finally {
    await db.close();
  }
}
