import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, call, signedIn } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Fixture, FixtureImportResult } from './fixture.schemas';
import { FixturePageSchema, FixtureSchema } from './fixture.schemas';
import { writeFixtures } from './fixtures.service';
import { parseOpenfootballFile } from './openfootball';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let user: Awaited<ReturnType<typeof signedIn>>;

const NOW = new Date('2025-03-10T12:00:00Z');

const m = (date: string, time: string | undefined, team1: string, team2: string, ft?: [number, number]) => ({
  round: 'Matchday 28',
  date,
  ...(time ? { time } : {}),
  team1,
  team2,
  score: ft ? { ht: [0, 0], ft } : {},
});

// Past results, and fixtures to come in two competitions.
const premier = {
  name: 'English Premier League 2024/25',
  matches: [
    m('2025-03-08', '15:00', 'Route Arsenal FC', 'Route Chelsea FC', [1, 0]),
    m('2025-03-15', '15:00', 'Route Arsenal FC', 'Route Everton FC'),
    m('2025-03-15', '17:30', 'Route Chelsea FC', 'Route Fulham FC'),
    m('2025-03-16', '14:00', 'Route Everton FC', 'Route Fulham FC'),
    m('2025-04-05', '15:00', 'Route Fulham FC', 'Route Arsenal FC'),
  ],
};
const bundesliga = {
  name: 'Deutsche Bundesliga 2024/25',
  matches: [m('2025-03-15', '15:30', 'Route Bayern München', 'Route Borussia Dortmund')],
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  for (const [name, content] of [
    ['2024-25/en.1.json', premier],
    ['2024-25/de.1.json', bundesliga],
  ] as const) {
    const { fixtures } = parseOpenfootballFile(name, JSON.stringify(content));
    await writeFixtures(t.database.db, fixtures, NOW);
  }
  admin = await signedIn(t, ['user', 'admin']);
  user = await signedIn(t, ['user']);
});
afterAll(() => t.close());

async function list(query: string) {
  const response = await call(t, 'GET', `/api/fixtures${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = FixturePageSchema.parse(response.json());
  return { ...page, teams: page.data.map((f) => `${f.homeTeam} v ${f.awayTeam}`) };
}

describe('GET /api/fixtures', () => {
  it('lists fixtures from now by kick-off, paged like every list', async () => {
    const page = await list('?pageSize=2');
    expect(page).toMatchObject({ currentPage: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(page.teams).toEqual([
      'Route Bayern München v Route Borussia Dortmund',
      'Route Arsenal FC v Route Everton FC',
    ]);
    expect(page.data[0]).toMatchObject({
      competition: { code: 'de.1', name: 'Bundesliga' },
      season: '2024-25',
      round: 'Matchday 28',
      kickoffAt: '2025-03-15T14:30:00.000Z',
      status: 'scheduled',
      score: { halfTime: null, fullTime: null },
    });
    const last = await list('?pageSize=2&pageNumber=3');
    expect(last.teams).toEqual(['Route Fulham FC v Route Arsenal FC']);
  });

  it('filters by dates (a date `to` includes that day), competitions and team names', async () => {
    expect((await list('?from=2025-03-01&to=2025-03-08')).teams).toEqual([
      'Route Arsenal FC v Route Chelsea FC',
    ]);
    expect((await list('?from=2025-03-15T15:00:00Z&to=2025-03-16')).totalItems).toBe(3);
    expect((await list('?competition=de.1')).totalItems).toBe(1);
    expect((await list('?competition=de.1,EN.1')).totalItems).toBe(5);
    expect((await list('?q=fulham')).totalItems).toBe(3);
    expect((await list('?q=BAYERN%20MUNCHEN')).teams).toEqual([
      'Route Bayern München v Route Borussia Dortmund',
    ]);
    expect((await list('?q=chelsea&competition=en.1&from=2025-01-01')).totalItems).toBe(2);
    // The publish picker's search box: a competition's name matches as well as a team's.
    expect((await list('?q=bundesliga')).teams).toEqual(['Route Bayern München v Route Borussia Dortmund']);
  });

  it('answers 400 for bad filters', async () => {
    for (const query of [
      '?from=yesterday',
      '?to=2025-02-30',
      '?competition=xx.9',
      '?pageSize=0',
      '?from=2025-03-10&to=2025-03-01',
    ]) {
      const response = await call(t, 'GET', `/api/fixtures${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0]).toBeTruthy();
    }
    const unknown = await call(t, 'GET', '/api/fixtures?competition=xx.9');
    expect(unknown.json().errors[0]).toContain("unknown code 'xx.9'");
  });
});

describe('GET /api/fixtures/{id}', () => {
  it('shows the score once the result is known, and never before', async () => {
    const [played] = (await list('?from=2025-03-08&to=2025-03-08')).data;
    const detail = await call(t, 'GET', `/api/fixtures/${played.id}`);
    expect(detail.statusCode).toBe(200);
    expect(FixtureSchema.parse(detail.json())).toMatchObject({
      status: 'finished',
      kickoffAt: '2025-03-08T15:00:00.000Z',
      score: { halfTime: { home: 0, away: 0 }, fullTime: { home: 1, away: 0 } },
    });
    const [upcoming] = (await list('?q=everton&to=2025-03-15')).data;
    expect((await call(t, 'GET', `/api/fixtures/${upcoming.id}`)).json().score).toEqual({
      halfTime: null,
      fullTime: null,
    });
  });

  it('hides a score that exists while the status says the result is not known', async () => {
    const { fixtures } = parseOpenfootballFile(
      '2024-25/en.1.json',
      JSON.stringify({
        name: 'x',
        matches: [
          { ...m('2025-03-09', '12:00', 'Route Hidden FC', 'Route Chelsea FC', [3, 3]), status: 'abandoned' },
        ],
      }),
    );
    await writeFixtures(t.database.db, fixtures, NOW);
    const [abandoned] = (await list('?q=hidden&from=2025-03-01')).data;
    expect(abandoned).toMatchObject({ status: 'abandoned', score: { halfTime: null, fullTime: null } });
  });

  it('404 for an unknown id, 400 for a malformed one or one beyond int4', async () => {
    const missing = await call(t, 'GET', '/api/fixtures/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Fixture 999999 not found']);
    for (const id of ['abc', '0', '-1', '2147483648', '99999999999999999999']) {
      expect((await call(t, 'GET', `/api/fixtures/${id}`)).statusCode, id).toBe(400);
    }
  });
});

function upload(fileName: string, content: string | Buffer, token: string | null, field = 'file') {
  const boundary = '----fixtures-import-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/fixtures/import',
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

describe('POST /api/admin/fixtures/import', () => {
  const file = JSON.stringify({
    name: 'Serie A 2024/25',
    matches: [
      m('2025-03-15', '20:45', 'Import Inter', 'Import Milan'),
      m('2025-03-16', '18:00', 'Import Roma', 'Import Lazio', [1, 1]),
      { round: 'Matchday 28', date: '16.03.2025', team1: 'Import Napoli', team2: 'Import Torino' },
    ],
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    expect((await upload('it.1.json', file, null)).statusCode).toBe(401);
    expect((await upload('it.1.json', file, user.token)).statusCode).toBe(403);
  });

  it('imports one file, reports counts and skipped matches, and audits it', async () => {
    const first = await upload('it.1.json', file, admin.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json() as FixtureImportResult).toEqual({
      file: 'it.1.json',
      competition: 'it.1',
      season: '2024-25',
      added: 2,
      updated: 0,
      unchanged: 0,
      skipped: [
        {
          match: { index: 2, homeTeam: 'Import Napoli', awayTeam: 'Import Torino' },
          reason: 'date must be YYYY-MM-DD',
        },
      ],
    });
    const again = await upload('it.1.json', file, admin.token);
    expect(again.json()).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    const audits = await auditRows(t.database.db, 'fixtures.import', 'it.1:2024-25');
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ actorUserId: admin.user.id, entity: 'season' });
    const [inter] = (await list('?q=import%20inter')).data as Fixture[];
    expect(inter.kickoffAt).toBe('2025-03-15T19:45:00.000Z');
  });

  it('answers 400 with a clear message for a file it cannot import', async () => {
    const cases: Array<[string, string, string]> = [
      ['it.1.json', '{"oops"', 'it.1.json: the file is not JSON'],
      ['it.1.json', '{"rounds": []}', 'it.1.json: not an openfootball file: expected {name, matches: [...]}'],
      ['xx.9.json', file, "xx.9.json: unknown competition code 'xx.9'"],
      ['serie-a.txt', file, 'serie-a.txt: the file name must be <competition>.json, e.g. en.1.json'],
    ];
    for (const [name, content, message] of cases) {
      const response = await upload(name, content, admin.token);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors).toEqual([message]);
    }
    const wrongField = await upload('it.1.json', file, admin.token, 'document');
    expect(wrongField.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the fixture routes and their query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/fixtures', '/api/fixtures/{id}', '/api/admin/fixtures/import']),
    );
    const params = doc.paths['/api/fixtures'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['from', 'to', 'competition', 'q', 'pageNumber', 'pageSize']),
    );
  });
});
