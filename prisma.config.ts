import { defineConfig } from 'prisma/config';

// Only `prisma generate/validate/format` run here (see scripts/prisma-generate.ts); migrations are
// applied by scripts/migrate.ts, so the datasource URL is optional for the CLI.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/partner_portal' },
});
