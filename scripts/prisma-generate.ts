import { generatePrismaClient } from './lib/prisma-client.ts';

process.exit(generatePrismaClient());
