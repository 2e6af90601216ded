-- Rate-limit buckets are counters of the current window, not records anyone reads again: they go
-- unlogged. Each counted request (every chat message, sign-in, OTP, upload) wrote WAL for its bucket
-- and its commit waited for that WAL to reach the disk; the chat's two commits per message were its
-- largest cost (chat replies +15-25 % at 10 connections on the demo stack, issue 26).
-- What this gives up: after a PostgreSQL crash (not a clean stop) the buckets start empty, so each
-- client may use one window's allowance again. Nothing else depends on them.
ALTER TABLE "RateLimitBucket" SET UNLOGGED;
