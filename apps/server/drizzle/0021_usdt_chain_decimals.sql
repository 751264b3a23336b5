-- USDT is booked in its on-chain unit, 6 decimals on ERC-20 and TRC-20 (docs/ledger.md, Minor units).
-- Only the seeded 2 is moved on: a value an operator chose stays.
UPDATE "currencies" SET "decimals" = 6 WHERE "code" = 'USDT' AND "decimals" = 2;
