export { createDb, type Db } from './client.ts';
// Prisma.sql and Prisma.join build the typed raw queries of hot or aggregate reads.
export { Prisma } from './generated/prisma/client.ts';
export * from './generated/prisma/enums.ts';
export { fileStorePath } from './file-store-path.ts';
export { CHANGE_CHANNEL, RESET_ALL } from './change-feed-channel.ts';
export {
  isoMoment,
  likeContaining,
  likeStartingWith,
  prepared,
  preparedRunnerOf,
  preparedRunsOn,
  queryRows,
  runPrepared,
  type Prepared,
  type Queryable,
  type StatementRunner,
} from './prepared.ts';
