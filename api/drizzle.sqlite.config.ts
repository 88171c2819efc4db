/** drizzle-kit config for the SQLite dialect: `pnpm exec drizzle-kit generate --config drizzle.sqlite.config.ts`. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // schema.sqlite.ts re-exports every table module; the glob names them all (drizzle-kit counts each table once).
  schema: './src/db/schema.sqlite*.ts',
  out: './drizzle/sqlite',
  // Only `generate` needs this file; the app applies migrations itself (src/db/index.ts).
  dbCredentials: { url: process.env.DATABASE_URL ?? './data/app.db' },
  strict: true,
  verbose: true,
});
