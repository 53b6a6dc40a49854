import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findCompetition } from './competition-catalogue';
import { zonedTimeToUtc } from './local-time';
import { competitionCodeOf, inferSeason, OpenfootballFileError, parseOpenfootballFile } from './openfootball';
import { BUNDLED_OPENFOOTBALL_DIR } from './openfootball-files';
import { teamAlias } from './team-alias';

const file = (matches: unknown[], name = 'Test League') => JSON.stringify({ name, matches });
const match = (over: Record<string, unknown> = {}) => ({
  round: 'Matchday 1',
  date: '2024-08-17',
  time: '15:00',
  team1: 'Arsenal FC',
  team2: 'Chelsea FC',
  score: { ht: [1, 0], ft: [2, 1] },
  ...over,
});
const kickoff = (code: string, m: Record<string, unknown>) =>
  parseOpenfootballFile(`2024-25/${code}.json`, file([match(m)])).fixtures[0]?.kickoffAt.toISOString();

describe('kick-off times: local time in the competition zone → UTC', () => {
  it('London: GMT in winter, BST in summer, around the change on 30 March 2025', () => {
    expect(kickoff('en.1', { date: '2025-03-29', time: '15:00' })).toBe('2025-03-29T15:00:00.000Z');
    expect(kickoff('en.1', { date: '2025-03-30', time: '14:00' })).toBe('2025-03-30T13:00:00.000Z');
    expect(kickoff('en.1', { date: '2024-08-16', time: '20:00' })).toBe('2024-08-16T19:00:00.000Z');
  });

  it('Berlin: CET and CEST, around the change on 27 October 2024', () => {
    expect(kickoff('de.1', { date: '2024-10-26', time: '15:30' })).toBe('2024-10-26T13:30:00.000Z');
    expect(kickoff('de.1', { date: '2024-10-27', time: '15:30' })).toBe('2024-10-27T14:30:00.000Z');
  });

  it('São Paulo: summer time (UTC-2) in November 2018, none (UTC-3) after 2019', () => {
    expect(
      zonedTimeToUtc({ year: 2018, month: 11, day: 4 }, { hour: 16, minute: 0 }, 'America/Sao_Paulo'),
    ).toEqual(new Date('2018-11-04T18:00:00Z'));
    expect(kickoff('br.1', { date: '2019-04-27', time: '16:00' })).toBe('2019-04-27T19:00:00.000Z');
  });

  it('a time in a gap moves forward by the gap; a repeated time is the first one', () => {
    const at = (y: number, mo: number, d: number, h: number, mi: number, zone: string) =>
      zonedTimeToUtc({ year: y, month: mo, day: d }, { hour: h, minute: mi }, zone).toISOString();
    expect(at(2025, 3, 30, 1, 30, 'Europe/London')).toBe('2025-03-30T01:30:00.000Z'); // 02:30 BST
    expect(at(2025, 3, 30, 2, 30, 'Europe/Berlin')).toBe('2025-03-30T01:30:00.000Z'); // 03:30 CEST
    expect(at(2018, 11, 4, 0, 0, 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z'); // 01:00 -02
    expect(at(2025, 10, 26, 1, 30, 'Europe/London')).toBe('2025-10-26T00:30:00.000Z'); // first 01:30 (BST)
    expect(at(2019, 2, 16, 23, 30, 'America/Sao_Paulo')).toBe('2019-02-17T01:30:00.000Z'); // first 23:30 (-02)
  });

  it('a match without a time kicks off at 15:00 local', () => {
    expect(kickoff('en.1', { time: undefined, date: '2025-01-04' })).toBe('2025-01-04T15:00:00.000Z');
    expect(kickoff('de.1', { time: undefined, date: '2024-08-24' })).toBe('2024-08-24T13:00:00.000Z');
  });

  it('the Champions League is in Central European Time (the 2025 final: 21:00 in Munich)', () => {
    expect(kickoff('uefa.cl', { date: '2025-05-31', time: '21:00' })).toBe('2025-05-31T19:00:00.000Z');
  });
});

describe('statuses and scores', () => {
  const parse = (m: Record<string, unknown>) =>
    parseOpenfootballFile('2024-25/en.1.json', file([match(m)])).fixtures[0];

  it('a full-time score means finished, with both scores', () => {
    expect(parse({})).toMatchObject({ status: 'finished', halfTime: [1, 0], fullTime: [2, 1] });
    expect(parse({ score: { ft: [0, 0] } })).toMatchObject({
      status: 'finished',
      halfTime: null,
      fullTime: [0, 0],
    });
  });

  it('no score means scheduled, in the future and in the past alike', () => {
    expect(parse({ score: {} })).toMatchObject({ status: 'scheduled', fullTime: null });
    expect(parse({ score: undefined, date: '2011-01-01' })).toMatchObject({ status: 'scheduled' });
  });

  it('a given status wins: awarded keeps its score, cancelled / postponed / abandoned as given', () => {
    expect(parse({ status: 'awarded', score: { ft: [0, 3] } })).toMatchObject({
      status: 'awarded',
      fullTime: [0, 3],
    });
    for (const status of ['cancelled', 'postponed', 'abandoned']) {
      expect(parse({ status, score: {} }).status).toBe(status);
    }
  });
});

describe('malformed matches are reported and skipped; the rest imports', () => {
  it('reports each bad match with its index, teams and reason', () => {
    const parsed = parseOpenfootballFile(
      '2024-25/en.1.json',
      file([
        match(),
        match({ date: '17/08/2024' }),
        match({ time: '25:00' }),
        match({ score: { ft: [1] } }),
        match({ status: 'suspended' }),
        match({ team2: 'Arsenal FC' }),
        match({ team1: 'N.N.', team2: 'N.N.' }),
        match({ team2: undefined }),
        match({ date: '2025-02-30' }),
        'not a match',
        match({ team1: 'Liverpool FC' }),
      ]),
    );
    expect(parsed.fixtures.map((f) => f.homeTeam)).toEqual(['Arsenal FC', 'Liverpool FC']);
    expect(parsed.problems.map((p) => [p.match.index, p.reason])).toEqual([
      [1, 'date must be YYYY-MM-DD'],
      [2, 'time must be HH:MM'],
      [3, expect.stringContaining('score.ft')],
      [4, 'unknown status "suspended"'],
      [5, 'the home and away teams are the same'],
      [6, 'a team is not known yet (N.N.)'],
      [7, expect.stringContaining('team2')],
      [8, 'date 2025-02-30 does not exist'],
      [9, expect.any(String)],
    ]);
    expect(parsed.problems[0]).toMatchObject({
      file: '2024-25/en.1.json',
      match: { index: 1, homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC' },
    });
  });

  it('refuses a whole file that is not JSON, not openfootball, or of an unknown competition', () => {
    const reason = (name: string, content: string | Buffer) => {
      try {
        parseOpenfootballFile(name, content);
        return 'parsed';
      } catch (error) {
        return error instanceof OpenfootballFileError ? error.message : 'other error';
      }
    };
    expect(reason('en.1.json', '{not json')).toBe('the file is not JSON');
    expect(reason('en.1.json', '{"rounds": []}')).toContain('not an openfootball file');
    expect(reason('xx.9.json', file([match()]))).toBe("unknown competition code 'xx.9'");
    expect(reason('premier.txt', file([match()]))).toContain('file name');
    // The import CLI tells a file of an unknown competition (skipped) from an unreadable one (exit 1).
    expect(() => parseOpenfootballFile('xx.9.json', file([]))).toThrow(
      expect.objectContaining({ kind: 'unknown-competition' }),
    );
    expect(() => parseOpenfootballFile('en.1.json', '[]')).toThrow(
      expect.objectContaining({ kind: 'unreadable' }),
    );
  });
});

describe('competition, season and source ids', () => {
  it('takes the code from the file name, gzipped or not', () => {
    expect(competitionCodeOf('/data/2024-25/en.1.json')).toBe('en.1');
    expect(competitionCodeOf('uefa.cl.json.gz')).toBe('uefa.cl');
    expect(competitionCodeOf('notes.txt')).toBeNull();
    const parsed = parseOpenfootballFile('2024-25/de.1.json.gz', gzipSync(file([match()])));
    expect(parsed).toMatchObject({ competition: { code: 'de.1' }, season: '2024-25' });
  });

  it('takes the season from the folder, else from most of the dates (July–June, or the year)', () => {
    const dates = ['2024-08-17', '2024-12-26', '2025-05-25'];
    expect(inferSeason(dates, 'split')).toBe('2024-25');
    // 2019-20 ran into July 2020: the majority still names it.
    expect(inferSeason(['2019-08-09', '2019-12-26', '2020-06-20', '2020-07-26'], 'split')).toBe('2019-20');
    expect(inferSeason(['2019-04-27', '2019-12-08'], 'calendar')).toBe('2019');
    const upload = parseOpenfootballFile('br.1.json', file([match({ date: '2019-04-27' })]));
    expect(upload.season).toBe('2019');
    const european = parseOpenfootballFile('en.1.json', file(dates.map((date) => match({ date }))));
    expect(european.season).toBe('2024-25');
  });

  it('keys a fixture by competition, season, stage, round and folded team names', () => {
    const [fixture] = parseOpenfootballFile(
      '2024-25/en.1.json',
      file([match({ team1: 'Arsenal  F.C.' })]),
    ).fixtures;
    expect(fixture.sourceId).toBe('en.1:2024-25::Matchday 1:arsenal f c|chelsea fc');
    expect(fixture.homeTeam).toBe('Arsenal  F.C.');
  });

  it('strips the Champions League country suffix so clubs match their league spelling', () => {
    const [fixture] = parseOpenfootballFile(
      '2024-25/uefa.cl.json',
      file([match({ team1: 'Arsenal FC (ENG)', team2: 'FC Porto (POR)' })]),
    ).fixtures;
    expect([fixture.homeTeam, fixture.awayTeam]).toEqual(['Arsenal FC', 'FC Porto']);
  });

  it('folds case, accents and punctuation in team aliases', () => {
    expect(teamAlias('  Malmö  FF ')).toBe('malmo ff');
    expect(teamAlias('SC Heerenveen')).toBe(teamAlias('sc heerenveen'));
    expect(teamAlias('Brighton & Hove Albion FC')).toBe('brighton hove albion fc');
  });

  it('every competition of the bundled copy is in the catalogue', () => {
    const codes = new Set(
      readdirSync(BUNDLED_OPENFOOTBALL_DIR, { recursive: true })
        .map((name) => String(name))
        .filter((name) => name.endsWith('.json.gz'))
        .map((name) => competitionCodeOf(path.basename(name))),
    );
    expect(codes.size).toBeGreaterThan(30);
    for (const code of codes) expect(findCompetition(String(code)), String(code)).toBeDefined();
  });
});
