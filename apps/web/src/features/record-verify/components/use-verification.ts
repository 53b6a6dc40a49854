import {
  parseRecordFile,
  type RecordExport,
  type VerifyResult,
  verifyRecord,
} from '@tips/contract/record-verify';
import { useEffect, useState } from 'react';

export type Verification =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: VerifyResult }
  | { state: 'unreadable'; message: string };

/** Verifies an export in the browser (Web Crypto) whenever it changes. */
export function useVerification(record: RecordExport | undefined): Verification {
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  useEffect(() => {
    if (!record) return;
    let isCurrent = true;
    setVerification({ state: 'checking' });
    verifyRecord(record).then(
      (result) => isCurrent && setVerification({ state: 'done', result }),
      (error: Error) => isCurrent && setVerification({ state: 'unreadable', message: error.message }),
    );
    return () => {
      isCurrent = false;
    };
  }, [record]);
  return verification;
}

/** Reads a dropped or chosen file and verifies it; nothing is sent anywhere. */
export async function verifyFile(file: File): Promise<Verification> {
  try {
    const record = parseRecordFile(await file.text());
    return { state: 'done', result: await verifyRecord(record) };
  } catch (error) {
    return { state: 'unreadable', message: (error as Error).message };
  }
}
