import Papa from 'papaparse';
import {
  OPTIONAL_CSV_COLUMNS,
  RECORD_CSV_COLUMNS,
  RECORD_FORMAT,
  type RecordEvent,
  type RecordExport,
} from './record-export';

/**
 * The CSV form of an export: one line per event, the tipster on every line, the head as the last
 * line's hash. Empty cells are nulls (no field of an event is an empty string).
 */
export function recordToCsv(record: RecordExport): string {
  const rows = record.events.map((e) => {
    const cells: Record<string, unknown> = {
      ...e,
      tipsterId: record.tipster.id,
      referenceOddsHundredths: e.reference?.oddsHundredths ?? null,
      referenceBookmaker: e.reference?.bookmaker ?? null,
      referenceSource: e.reference?.source ?? null,
      referenceAt: e.reference?.at ?? null,
    };
    return RECORD_CSV_COLUMNS.map((c) => cells[c]);
  });
  return Papa.unparse({ fields: [...RECORD_CSV_COLUMNS], data: rows }, { newline: '\n' });
}

const NUMBER_COLUMNS = new Set([
  'seq',
  'tipId',
  'fixtureId',
  'bettingType',
  'oddsHundredths',
  'stake',
  'priceCents',
  'closingOddsHundredths',
  'closingOverroundPpm',
  'clvPpm',
  'referenceOddsHundredths',
]);

/** Columns older files lack (the analysis, reference and closing prices): optional when reading. */
const OPTIONAL_COLUMNS = new Set(OPTIONAL_CSV_COLUMNS);

/** Reads a CSV export back; throws on a file that is not one. */
export function recordFromCsv(csv: string): RecordExport {
  const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true, skipEmptyLines: true });
  const missing = RECORD_CSV_COLUMNS.filter(
    (c) => !OPTIONAL_COLUMNS.has(c) && !parsed.meta.fields?.includes(c),
  );
  if (missing.length > 0) throw new Error(`not a record export: missing columns ${missing.join(', ')}`);
  const events = parsed.data.map((row) => {
    const event: Record<string, unknown> = {};
    for (const c of RECORD_CSV_COLUMNS) {
      if (c === 'tipsterId' || c.startsWith('reference')) continue;
      const cell = row[c] ?? '';
      // Optional columns (older files have none) are left out when empty, as JSON exports leave them.
      if (OPTIONAL_COLUMNS.has(c) && cell === '') continue;
      event[c] = cell === '' ? null : NUMBER_COLUMNS.has(c) ? Number(cell) : cell;
    }
    if (row.referenceOddsHundredths) {
      event.reference = {
        oddsHundredths: Number(row.referenceOddsHundredths),
        bookmaker: row.referenceBookmaker ?? '',
        source: row.referenceSource ?? '',
        at: row.referenceAt ?? '',
      };
    }
    return event as unknown as RecordEvent;
  });
  const tipsterId = Number(parsed.data[0]?.tipsterId ?? Number.NaN);
  return { format: RECORD_FORMAT, tipster: { id: tipsterId, name: '' }, exportedAt: '', head: null, events };
}

/** A JSON or CSV export, told apart by its first character. */
export function parseRecordFile(text: string): RecordExport {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return recordFromCsv(trimmed);
  const record = JSON.parse(trimmed) as RecordExport;
  if (record?.format !== RECORD_FORMAT || !Array.isArray(record.events)) {
    throw new Error(`not a record export: expected format "${RECORD_FORMAT}"`);
  }
  return record;
}
