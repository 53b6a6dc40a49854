import { describe, expect, it } from 'vitest';
import { commitmentText, eventText, sha256Hex } from './canonical';
import { merkleRoot } from './merkle';
import { formatUnits, profitThousandths } from './profit';
import { recordFromCsv, recordToCsv } from './record-csv';
import { GENESIS_HASH, RECORD_FORMAT, type RecordEvent, type RecordExport } from './record-export';
import { describeFailure, verifyRecord } from './verify-record';

const TIPSTER = 7;
const blank = {
  fixtureId: null,
  bettingType: null,
  oddsHundredths: null,
  stake: null,
  priceCents: null,
  commitment: null,
  selection: null,
  salt: null,
  outcome: null,
  resultDetails: null,
};

/** A chain built the way the database builds it (the SQL texts are the same). */
async function chain(
  events: Array<Partial<RecordEvent> & Pick<RecordEvent, 'kind' | 'tipId' | 'occurredAt'>>,
) {
  const out: RecordEvent[] = [];
  let prev = GENESIS_HASH;
  for (const [i, e] of events.entries()) {
    const event = { ...blank, ...e, seq: i + 1, prevHash: prev, hash: '' } as RecordEvent;
    event.hash = await sha256Hex(`${prev}\n${eventText(TIPSTER, event)}`);
    prev = event.hash;
    out.push(event);
  }
  const record: RecordExport = {
    format: RECORD_FORMAT,
    tipster: { id: TIPSTER, name: 'T' },
    exportedAt: '2026-01-01T00:00:00.000Z',
    head: { seq: out.length, hash: prev },
    events: out,
  };
  return record;
}

async function published(tipId: number, at: string, odds: number, stake: number, selection: string | null) {
  const salt = `salt-${tipId}`;
  const commitment = await sha256Hex(
    commitmentText({
      tipId,
      tipsterId: TIPSTER,
      fixtureId: 100 + tipId,
      bettingType: 1,
      selection: 'Home -0.5',
      oddsHundredths: odds,
      stake,
      priceCents: 500,
      publishedAt: at,
      salt,
    }),
  );
  return {
    kind: 'published' as const,
    tipId,
    occurredAt: at,
    fixtureId: 100 + tipId,
    bettingType: 1,
    oddsHundredths: odds,
    stake,
    priceCents: 500,
    commitment,
    selection,
    salt: selection === null ? null : salt,
  };
}

const settled = (
  tipId: number,
  at: string,
  outcome: RecordEvent['outcome'],
  kind: RecordEvent['kind'] = 'settled',
) => ({
  kind,
  tipId,
  occurredAt: at,
  outcome,
  resultDetails: 'FT 1-0 | "quoted"\nline',
});

async function sample() {
  return chain([
    await published(1, '2026-01-01T10:00:00.000Z', 210, 2, 'Home -0.5'),
    await published(2, '2026-01-01T11:00:00.000Z', 190, 1, null),
    settled(1, '2026-01-01T20:00:00.000Z', 'WIN'),
    settled(2, '2026-01-01T21:00:00.000Z', 'HALF_LOSS'),
  ]);
}

describe('verifyRecord', () => {
  it('verifies an honest chain and counts the profit in units', async () => {
    const result = await verifyRecord(await sample());
    expect(result).toEqual({
      ok: true,
      events: 4,
      tips: 2,
      settled: 2,
      profitThousandths: 2200 - 500,
      closed: { sample: 0, clvPpmSum: 0, beatClose: 0 },
    });
  });

  it('names the event whose field changed, and the one after a removed event', async () => {
    const changed = await sample();
    changed.events[1].oddsHundredths = 250;
    expect(await verifyRecord(changed)).toMatchObject({ ok: false, seq: 2, tipId: 2, code: 'contents' });

    const removed = await sample();
    removed.events.splice(1, 1);
    removed.events.forEach((e, i) => {
      e.seq = i + 1;
    });
    expect(await verifyRecord(removed)).toMatchObject({ ok: false, seq: 2, code: 'order' });
  });

  it('refuses a revealed pick that is not the committed one', async () => {
    const record = await chain([await published(1, '2026-01-01T10:00:00.000Z', 210, 2, 'Away +0.5')]);
    const result = await verifyRecord(record);
    expect(result).toMatchObject({ ok: false, seq: 1, code: 'commitment' });
    if (!result.ok)
      expect(describeFailure(result)).toMatch(/^event #1 \(tip 1\): the selection "Away \+0.5"/);
  });

  // Decision 141: tips committed as tip:v2 commit to their analysis as well; v1 tips keep verifying.
  it('verifies a tip:v2 commitment with its analysis, and refuses an edited analysis', async () => {
    const at = '2026-01-01T10:00:00.000Z';
    const reasoning = 'Rested | "keeper"\nand a second line';
    const committed = {
      tipId: 1,
      tipsterId: TIPSTER,
      fixtureId: 101,
      bettingType: 1,
      selection: 'Home -0.5',
      oddsHundredths: 210,
      stake: 2,
      priceCents: 500,
      publishedAt: at,
      salt: 'salt-1',
      reasoning,
    };
    const v2 = async (shown: string | null | undefined) =>
      chain([
        {
          ...(await published(1, at, 210, 2, 'Home -0.5')),
          commitment: await sha256Hex(commitmentText(committed, 'tip:v2')),
          reasoning: shown,
        },
      ]);
    expect(await verifyRecord(await v2(reasoning))).toMatchObject({ ok: true, events: 1 });
    const back = recordFromCsv(recordToCsv(await v2(reasoning)));
    expect(await verifyRecord(back)).toMatchObject({ ok: true, events: 1 });
    for (const edited of ['I called it all along.', '', null, undefined]) {
      const result = await verifyRecord(await v2(edited));
      expect(result, String(edited)).toMatchObject({ ok: false, seq: 1, code: 'commitment' });
      if (!result.ok)
        expect(describeFailure(result)).toContain(
          'its analysis or its reference price is not the one committed',
        );
    }
    // A v1 commitment ignores the analysis: older tips verify whatever is shown beside them.
    const v1 = await chain([{ ...(await published(1, at, 210, 2, 'Home -0.5')), reasoning: 'later text' }]);
    expect(await verifyRecord(v1)).toMatchObject({ ok: true, events: 1 });
  });

  it('refuses events that cannot happen, and a chain cut short of its head', async () => {
    const twice = await chain([
      await published(1, '2026-01-01T10:00:00.000Z', 210, 2, null),
      settled(1, '2026-01-01T20:00:00.000Z', 'WIN'),
      settled(1, '2026-01-01T21:00:00.000Z', 'LOSS'),
    ]);
    expect(await verifyRecord(twice)).toMatchObject({ ok: false, seq: 3, code: 'rules' });
    const cut = await sample();
    cut.events.pop();
    expect(await verifyRecord(cut)).toMatchObject({ ok: false, seq: null, code: 'truncated' });
  });

  it('reads its own CSV back, free text with separators and line breaks included', async () => {
    const record = await sample();
    const back = recordFromCsv(recordToCsv(record));
    expect(back.events).toEqual(record.events);
    expect(await verifyRecord(back)).toMatchObject({ ok: true, events: 4 });
  });
});

describe('profit and anchors', () => {
  it('counts each outcome by bookmakers rules and formats units', () => {
    expect([
      profitThousandths('WIN', 3, 185),
      profitThousandths('HALF_WIN', 1, 185),
      profitThousandths('VOID', 5, 300),
      profitThousandths('HALF_LOSS', 2, 185),
      profitThousandths('LOSS', 10, 185),
    ]).toEqual([2550, 425, 0, -1000, -10000]);
    expect(formatUnits(425)).toBe('0.43');
    expect(formatUnits(-1005)).toBe('-1.01');
    expect(formatUnits(0)).toBe('0.00');
  });

  it('a Merkle root changes with any head and not with their order', async () => {
    const heads = [
      { tipsterId: 1, seq: 3, hash: 'a'.repeat(64) },
      { tipsterId: 2, seq: 5, hash: 'b'.repeat(64) },
      { tipsterId: 3, seq: 1, hash: 'c'.repeat(64) },
    ];
    const root = await merkleRoot(heads);
    expect(await merkleRoot([...heads].reverse())).toBe(root);
    expect(await merkleRoot([heads[0], heads[1], { ...heads[2], hash: 'd'.repeat(64) }])).not.toBe(root);
    expect(await merkleRoot([heads[0], heads[1]])).not.toBe(root);
  });
});

describe('closed events (decision 156)', () => {
  // Tip 1 taken at 2.10; the close 2.00 in a market whose implied probabilities add up to 1.05.
  const closed = (clv: number | null, odds: number | null = 200, overround: number | null = 1_050_000) => ({
    kind: 'closed' as const,
    tipId: 1,
    occurredAt: '2026-01-01T15:00:20.000Z',
    closingOddsHundredths: odds,
    closingAt: odds === null ? null : '2026-01-01T14:50:00.000Z',
    closingOverroundPpm: overround,
    clvPpm: clv,
  });
  const withClosing = async (event: ReturnType<typeof closed>) =>
    chain([
      await published(1, '2026-01-01T10:00:00.000Z', 210, 2, 'Home -0.5'),
      event,
      settled(1, '2026-01-01T20:00:00.000Z', 'WIN'),
    ]);

  it('recomputes the CLV: 2.10 against a fair close of 2.00 × 1.05 = 2.10 is 0', async () => {
    const result = await verifyRecord(await withClosing(closed(0)));
    expect(result).toMatchObject({ ok: true, events: 3, closed: { sample: 1, clvPpmSum: 0, beatClose: 0 } });
  });

  it('refuses a CLV that the closing price does not give, even with honest hashes', async () => {
    // +5 % claimed: the chain's hashes are right, the figure is not.
    const result = await verifyRecord(await withClosing(closed(50_000)));
    expect(result).toMatchObject({ ok: false, code: 'rules', seq: 2, tipId: 1 });
    if (!result.ok) expect(result.reason).toContain('is not the 0 ppm');
  });

  it('accepts a tip whose market had no closing price, and no CLV without one', async () => {
    expect(await verifyRecord(await withClosing(closed(null, null, null)))).toMatchObject({
      ok: true,
      closed: { sample: 0 },
    });
    expect(await verifyRecord(await withClosing(closed(0, null, null)))).toMatchObject({
      ok: false,
      code: 'rules',
    });
  });

  it('names an edited closing price, and survives the CSV form', async () => {
    const honest = await withClosing(closed(0));
    const back = recordFromCsv(recordToCsv(honest));
    expect(await verifyRecord({ ...back, head: honest.head })).toMatchObject({
      ok: true,
      closed: { sample: 1 },
    });
    const edited = structuredClone(honest);
    (edited.events[1] as RecordEvent).closingOddsHundredths = 180;
    expect(await verifyRecord(edited)).toMatchObject({ ok: false, code: 'contents', seq: 2 });
  });

  it('refuses a second closing of one tip', async () => {
    const record = await chain([
      await published(1, '2026-01-01T10:00:00.000Z', 210, 2, 'Home -0.5'),
      closed(0),
      closed(0),
    ]);
    expect(await verifyRecord(record)).toMatchObject({ ok: false, code: 'rules', seq: 3 });
  });
});
