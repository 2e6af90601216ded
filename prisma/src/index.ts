export { createDb, type Db } from './client.ts';
export type { Prisma } from './generated/prisma/client.ts';
export * from './generated/prisma/enums.ts';
