-- Developer controls (issue 25): the virtual clock, fault rules and the journal. Kept in the
-- database so every server instance obeys the same controls; the change feed tells them of a change.
CREATE TABLE "DevClock" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "offsetMs" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DevClock_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "DevFault" (
    "id" SERIAL NOT NULL,
    "method" VARCHAR(10),
    "pathPattern" VARCHAR(300),
    "operationId" VARCHAR(100),
    "userId" INTEGER,
    "client" VARCHAR(100),
    "probability" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "seed" INTEGER NOT NULL DEFAULT 1,
    "remaining" INTEGER,
    "matched" INTEGER NOT NULL DEFAULT 0,
    "fired" INTEGER NOT NULL DEFAULT 0,
    "effect" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DevFault_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "DevJournalEntry" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "method" VARCHAR(10) NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "operationId" VARCHAR(100),
    "status" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "userId" INTEGER,
    "username" VARCHAR(100),
    "client" VARCHAR(100),
    "ip" VARCHAR(60) NOT NULL,
    "request" JSONB NOT NULL,
    "response" JSONB NOT NULL,
    "bytes" INTEGER NOT NULL,
    "fault" INTEGER,

    CONSTRAINT "DevJournalEntry_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "DevJournalEntry_userId_id_idx" ON "DevJournalEntry"("userId", "id");
CREATE INDEX "DevJournalEntry_client_id_idx" ON "DevJournalEntry"("client", "id");

-- Every instance hears of a rule or the clock changed (server/src/features/devtools/controls.ts).
-- A fault's counters (matched, fired, remaining) change on every request it matches: not notified.
CREATE TRIGGER "DevFault_change" AFTER INSERT OR DELETE OR UPDATE OF "method", "pathPattern", "operationId", "userId", "client", "probability", "seed", "effect" ON "DevFault"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('id');
CREATE TRIGGER "DevClock_change" AFTER INSERT OR UPDATE OR DELETE ON "DevClock"
    FOR EACH ROW EXECUTE FUNCTION pp_notify_change('id');

-- A partner made in a named state by the controls' scenarios; deleting the partner resets it.
CREATE TABLE "DevScenario" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(40) NOT NULL,
    "partnerId" INTEGER NOT NULL,
    "username" VARCHAR(100) NOT NULL,
    "requestNumber" VARCHAR(30),
    "grievanceNumber" VARCHAR(30),
    "tookMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DevScenario_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "DevScenario_partnerId_key" ON "DevScenario"("partnerId");
CREATE INDEX "DevScenario_name_id_idx" ON "DevScenario"("name", "id");
ALTER TABLE "DevScenario" ADD CONSTRAINT "DevScenario_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "Partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
