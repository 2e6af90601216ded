/**
 * Generates the Prisma client when it is missing or older than prisma/schema.prisma. Runs after
 * `npm install` and before `seed` and `migrate` (npm start and dev check it in scripts/start.ts),
 * whose code imports the client, so a fresh clone or a pulled schema change starts without a
 * manual `npm run generate`.
 */
import { generatePrismaClient, prismaClientIsCurrent } from './lib/prisma-client.ts';

if (!prismaClientIsCurrent()) process.exit(generatePrismaClient());
