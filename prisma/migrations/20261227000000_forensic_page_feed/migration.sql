-- The forensics comparison pages kept in memory as answered (issue 26's cost curve;
-- server/src/features/forensics): describing a page costs the same for each pair at 35,000 and at
-- 350,000 partners (about 40 µs and 50 buffers), so a page of twenty pairs at 350,000 cost twice
-- the nine a search finds at 35,000, on every reading. Each server keeps a page until a statement
-- changes a table it is made from. Besides a search's tables (20261226000000) a page names each
-- holder's partner (its updates reach the feed row by row, its inserts per statement), country,
-- account status and newest request, and each reviewer's name. These triggers report what the feed
-- did not yet: once per statement, as 'Table:*' (pp_notify_table, 20261225000000).

-- Reference data, loaded with the schema: never written while the portal runs.
CREATE TRIGGER "Country_forensic_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Country"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
-- A holder's account created, a reviewer renamed (status, role, partner and deletes go row by row).
CREATE TRIGGER "UserAccount_forensic_change" AFTER INSERT OR UPDATE OF "displayName" OR TRUNCATE ON "UserAccount"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
-- A profile submitted: its request number and when it was sent (inserts, status and deletes go row by row).
CREATE TRIGGER "OnboardingProfile_forensic_change" AFTER UPDATE OF "requestNumber", "submittedAt" OR TRUNCATE ON "OnboardingProfile"
    FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_table();
