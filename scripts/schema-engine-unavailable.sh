#!/bin/sh
# Placeholder for PRISMA_SCHEMA_ENGINE_BINARY: the Prisma CLI cannot download its native schema
# engine on these machines. generate/validate/format run on WebAssembly and never call this;
# migrations are applied by server/src/db/migrator.ts instead of `prisma migrate`.
echo "The Prisma schema engine is not available here: migrations run through server/src/db/migrator.ts (npm start)." >&2
exit 1
