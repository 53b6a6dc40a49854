import { readFile } from 'node:fs/promises';
import { formatUnits } from './profit';
import { parseRecordFile } from './record-csv';
import { describeFailure, verifyRecord } from './verify-record';

/**
 * `npm run record:verify -- <file>`: checks an exported record (JSON or CSV). Exit 0 only when
 * every event checks out; otherwise prints the first event that does not, and why (exit 1).
 */
async function main(file: string | undefined): Promise<number> {
  if (!file) {
    console.error('usage: npm run record:verify -- <record.json|record.csv>');
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  let result: Awaited<ReturnType<typeof verifyRecord>>;
  try {
    result = await verifyRecord(parseRecordFile(text));
  } catch (error) {
    console.error(`not verified: ${(error as Error).message}`);
    return 1;
  }
  if (!result.ok) {
    console.error(`not verified: ${describeFailure(result)}`);
    return 1;
  }
  const { sample, clvPpmSum } = result.closed;
  // Decision 156: each closed tip's CLV recomputed from its closing price; their average.
  const clv =
    sample > 0
      ? `, average CLV ${((clvPpmSum / sample / 1_000_000) * 100).toFixed(2)} % over ${sample} tips`
      : '';
  console.log(
    `verified: ${result.events} events, profit ${formatUnits(result.profitThousandths)} units${clv}`,
  );
  return 0;
}

main(process.argv[2]).then((code) => {
  process.exitCode = code;
});
