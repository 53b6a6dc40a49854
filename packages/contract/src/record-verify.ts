/**
 * The record verifier's entry (decision 077): zod-free, for Node (the CLI) and the browser (the
 * "Verify this record" page). Hashes through Web Crypto.
 */
export { commitmentText, eventText, sha256Hex } from './record/canonical';
export { type ChainHead, merkleRoot } from './record/merkle';
export { formatUnits, profitThousandths } from './record/profit';
export { parseRecordFile, recordFromCsv, recordToCsv } from './record/record-csv';
export * from './record/record-export';
export { describeFailure, type FailureCode, type VerifyResult, verifyRecord } from './record/verify-record';
