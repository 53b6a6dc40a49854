import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { type CompetitionInfo, findCompetition } from './competition-catalogue';
import type { FeedFixture, FixtureStatus } from './feed-fixture';
import { zonedTimeToUtc } from './local-time';
import { teamAlias } from './team-alias';

/**
 * openfootball/football.json files: `<season>/<code>.json` (or `.json.gz`, the bundled copy),
 * `{name, matches: [{round, date, time?, team1, team2, score: {ht?, ft?, et?, p?}, status?, stage?}]}`.
 */

/** A match's kick-off when the file gives no time: 15:00 local, the traditional kick-off. */
export const DEFAULT_KICKOFF_LOCAL = { hour: 15, minute: 0 } as const;

const ScorePairSchema = z.tuple([z.int().nonnegative(), z.int().nonnegative()]);

const MATCH_STATUSES = ['cancelled', 'postponed', 'abandoned', 'awarded'] as const;

const MatchSchema = z.object({
  round: z.string().optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM')
    .optional(),
  team1: z.string().trim().min(1, 'team1 is missing'),
  team2: z.string().trim().min(1, 'team2 is missing'),
  score: z
    .object({
      ht: ScorePairSchema.optional(),
      ft: ScorePairSchema.optional(),
      et: ScorePairSchema.optional(),
      p: ScorePairSchema.optional(),
    })
    .optional(),
  status: z
    .enum(MATCH_STATUSES, { error: (issue) => `unknown status ${JSON.stringify(issue.input)}` })
    .optional(),
  stage: z.string().optional(),
  group: z.string().optional(),
});
type Match = z.infer<typeof MatchSchema>;

const FileSchema = z.object({
  name: z.string(),
  matches: z.array(z.unknown()),
});

export interface ImportProblem {
  file: string;
  match: { index: number; homeTeam: string | null; awayTeam: string | null };
  reason: string;
}

export interface ParsedOpenfootballFile {
  file: string;
  competition: CompetitionInfo;
  season: string;
  fixtures: FeedFixture[];
  /** Malformed matches, skipped; the rest of the file imports. */
  problems: ImportProblem[];
}

/** The whole file cannot be imported: not JSON, not openfootball's shape, or an unknown competition. */
export class OpenfootballFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
    /** 'unknown-competition': a readable file of a competition the catalogue lacks; else 'unreadable'. */
    readonly kind: 'unreadable' | 'unknown-competition' = 'unreadable',
  ) {
    super(reason);
    this.name = 'OpenfootballFileError';
  }
}

const FILE_NAME = /^([a-z0-9]+(?:\.[a-z0-9]+)*)\.json(?:\.gz)?$/i;
const SEASON = /^(\d{4})(?:-(\d{2}))?$/;

/** The competition code of `en.1.json` or `en.1.json.gz`, or null for any other name. */
export function competitionCodeOf(fileName: string): string | null {
  const match = FILE_NAME.exec(path.basename(fileName));
  return match ? match[1].toLowerCase() : null;
}

/** The season a folder is named after ('2024-25', '2024'), or null. */
export function seasonOfFolder(filePath: string): string | null {
  const folder = path.basename(path.dirname(filePath));
  return SEASON.test(folder) ? folder : null;
}

/**
 * The season most of the matches fall in: July–June seasons for 'split' competitions
 * (2024-08-16 and 2025-05-25 are both '2024-25'), the year for 'calendar' ones.
 */
export function inferSeason(dates: readonly string[], style: CompetitionInfo['seasonStyle']): string | null {
  const votes = new Map<string, number>();
  for (const date of dates) {
    const match = /^(\d{4})-(\d{2})/.exec(date);
    if (!match) continue;
    const year = Number(match[1]);
    const start = Number(match[2]) >= 7 ? year : year - 1;
    const season =
      style === 'calendar' ? String(year) : `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    votes.set(season, (votes.get(season) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [season, n] of votes) if (best === null || n > (votes.get(best) ?? 0)) best = season;
  return best;
}

/** Reads a file's bytes as text, gunzipping when they are gzip (whatever the name says). */
export function decodeFileContent(file: string, content: Buffer): string {
  const isGzip = content.length >= 2 && content[0] === 0x1f && content[1] === 0x8b;
  try {
    return isGzip ? gunzipSync(content).toString('utf8') : content.toString('utf8');
  } catch {
    throw new OpenfootballFileError(file, 'the file is not valid gzip');
  }
}

/**
 * Parses one openfootball file into fixtures. `file` is its path (the folder names the season)
 * or a bare file name (an upload: the season is inferred from the dates). Throws
 * OpenfootballFileError when nothing in it can be imported.
 */
export function parseOpenfootballFile(file: string, content: Buffer | string): ParsedOpenfootballFile {
  const code = competitionCodeOf(file);
  if (code === null) {
    throw new OpenfootballFileError(file, 'the file name must be <competition>.json, e.g. en.1.json');
  }
  const competition = findCompetition(code);
  if (!competition) {
    throw new OpenfootballFileError(file, `unknown competition code '${code}'`, 'unknown-competition');
  }
  const text = typeof content === 'string' ? content : decodeFileContent(file, content);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OpenfootballFileError(file, 'the file is not JSON');
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    throw new OpenfootballFileError(file, 'not an openfootball file: expected {name, matches: [...]}');
  }
  const rawMatches = parsed.data.matches;
  const season =
    seasonOfFolder(file) ??
    inferSeason(
      rawMatches.map((m) => (isRecord(m) && typeof m.date === 'string' ? m.date : '')),
      competition.seasonStyle,
    );
  if (season === null) throw new OpenfootballFileError(file, 'no match has a date: cannot tell the season');

  const fixtures: FeedFixture[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  rawMatches.forEach((raw, index) => {
    const result = toFixture(raw, competition, season);
    if (typeof result === 'string') {
      problems.push({ file, match: describeMatch(raw, index), reason: result });
      return;
    }
    // The same pairing twice in one round and stage (a replay): the second keeps its own key.
    const occurrence = (seen.get(result.sourceId) ?? 0) + 1;
    seen.set(result.sourceId, occurrence);
    if (occurrence > 1) result.sourceId += `#${occurrence}`;
    fixtures.push(result);
  });
  return { file, competition, season, fixtures, problems };
}

/** openfootball suffixes Champions League clubs with their country ('Arsenal FC (ENG)'); the league files don't. */
function teamName(raw: string): string {
  return raw.trim().replace(/\s+\([A-Z]{3}\)$/, '');
}

/** 'N.N.' (nomen nescio) stands for a team not known yet (a final before its semi-finals). */
const PLACEHOLDER_TEAM = 'n n';

function toFixture(raw: unknown, competition: CompetitionInfo, season: string): FeedFixture | string {
  const parsed = MatchSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return issue.path.length > 0 && !issue.message.includes(String(issue.path[0]))
      ? `${issue.path.join('.')}: ${issue.message}`
      : issue.message;
  }
  const match = parsed.data;
  const homeTeam = teamName(match.team1);
  const awayTeam = teamName(match.team2);
  const home = teamAlias(homeTeam);
  const away = teamAlias(awayTeam);
  if (home === PLACEHOLDER_TEAM || away === PLACEHOLDER_TEAM) return 'a team is not known yet (N.N.)';
  if (home === '' || away === '') return 'a team name has no letters or digits';
  if (home === away) return 'the home and away teams are the same';
  const kickoffAt = kickoffOf(match, competition.timeZone);
  if (kickoffAt === null) return `date ${match.date} does not exist`;
  const round = match.round?.trim() ?? '';
  const stage = match.stage?.trim() ?? '';
  return {
    source: 'openfootball',
    sourceId: `${competition.code}:${season}:${stage}:${round}:${home}|${away}`,
    competitionCode: competition.code,
    season,
    round: stage && round ? `${stage}, ${round}` : stage || round,
    homeTeam,
    awayTeam,
    kickoffAt,
    status: statusOf(match),
    halfTime: match.score?.ht ?? null,
    fullTime: match.score?.ft ?? null,
  };
}

function kickoffOf(match: Match, timeZone: string): Date | null {
  const [year, month, day] = match.date.split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const time = match.time
    ? { hour: Number(match.time.slice(0, 2)), minute: Number(match.time.slice(3, 5)) }
    : DEFAULT_KICKOFF_LOCAL;
  return zonedTimeToUtc({ year, month, day }, time, timeZone);
}

/**
 * A given status wins (an awarded match keeps the score the league gave); otherwise a full-time
 * score means finished, and no score means scheduled — also in the past: the result has not
 * arrived yet, which is not the same as the match not having been played.
 */
function statusOf(match: Match): FixtureStatus {
  if (match.status) return match.status;
  return match.score?.ft ? 'finished' : 'scheduled';
}

function describeMatch(raw: unknown, index: number): ImportProblem['match'] {
  const team = (value: unknown) => (typeof value === 'string' ? value : null);
  return isRecord(raw)
    ? { index, homeTeam: team(raw.team1), awayTeam: team(raw.team2) }
    : { index, homeTeam: null, awayTeam: null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
