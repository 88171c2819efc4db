/** drizzle-kit config for the PostgreSQL dialect: `pnpm exec drizzle-kit generate --config drizzle.pg.config.ts`. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema.pg.ts re-exports every table module; the glob names them all (drizzle-kit counts each table once).
  schema: './src/db/schema.pg*.ts',
  out: './drizzle/pg',
  // Only `generate` needs this file; the app applies migrations itself (src/db/index.ts).
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost:5432/app' },
  // The app keeps drizzle's migrations table in the schema it migrates (see src/db/index.ts).
  migrations: { schema: 'public', table: '__drizzle_migrations' },
  strict: true,
  verbose: true,
});
