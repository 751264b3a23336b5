export { type Book, type EntryHeader, Ledger, type PlatformAccount, type Posting } from './ledger.ts';
export { verifyLedger } from './verify.ts';
