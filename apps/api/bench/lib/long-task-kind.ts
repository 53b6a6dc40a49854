/**
 * What a long task was, from the long-animation-frame entries around it (Chromium 123+): the
 * longest script entry point in it, and the frame's style and layout when the task rendered.
 * The `longtask` entry alone says only how long it took; telling "React DOM's module body" from
 * "the first frame's layout" from "the HTML parser" took a trace per load (issue #32.3).
 */

/** A `longtask` entry: start and duration, ms since navigation start. */
export interface TaskTiming {
  start: number;
  duration: number;
}

/** The part of a `long-animation-frame` entry the description needs. */
export interface AnimationFrameTiming {
  start: number;
  duration: number;
  /** When the frame's rendering began (0: the frame did not render). */
  renderStart: number;
  /** When its style and layout began (0: none). */
  styleAndLayoutStart: number;
  scripts: Array<{ start: number; duration: number; invoker: string; sourceURL: string }>;
}

// Entries are rounded to whole milliseconds (and coarsened further without cross-origin
// isolation), so a task and its frame line up only within a little slack.
const SLACK_MS = 2;

const fileName = (url: string) =>
  url
    .replace(/[?#].*$/, '')
    .split('/')
    .pop() ?? '';

/** The entry with the longest duration (the first of equals), or undefined for none. */
export function longestOf<T extends { duration: number }>(entries: readonly T[]): T | undefined {
  return entries.reduce<T | undefined>((a, b) => (!a || b.duration > a.duration ? b : a), undefined);
}

/**
 * "script import.then (react-dom-….js)", "style+layout 151 ms", both joined with " + " when one
 * task ran a script and then rendered, or "no script, no frame" (the HTML parser, a stylesheet's
 * parse, a navigation). "?" when no frame entry overlaps the task (a browser without LoAF).
 */
export function describeLongTask(task: TaskTiming, frames: readonly AnimationFrameTiming[]): string {
  const taskEnd = task.start + task.duration;
  // The frame the task ran in: the one it overlaps most (a task can also begin before the frame
  // the browser groups it into, e.g. the first one, started before the observers were).
  const overlap = (f: AnimationFrameTiming) =>
    Math.min(taskEnd, f.start + f.duration) - Math.max(task.start, f.start);
  const frame = frames.reduce<AnimationFrameTiming | undefined>(
    (best, f) => (overlap(f) > SLACK_MS && (!best || overlap(f) > overlap(best)) ? f : best),
    undefined,
  );
  if (!frame) return '?';
  const parts: string[] = [];
  const scripts = frame.scripts.filter(
    (s) => s.start + SLACK_MS >= task.start && s.start + s.duration <= taskEnd + SLACK_MS,
  );
  const longest = longestOf(scripts);
  if (longest) {
    const invoker = longest.invoker.startsWith('http') ? 'module' : longest.invoker;
    const file = fileName(longest.sourceURL);
    parts.push(`script ${invoker}${file ? ` (${file})` : ''}`);
  }
  const frameEnd = frame.start + frame.duration;
  // The frame's rendering began inside the task (not just as it ended: rounding).
  const rendered =
    frame.renderStart > 0 &&
    frame.renderStart + SLACK_MS >= task.start &&
    frame.renderStart < taskEnd - SLACK_MS;
  if (rendered && frame.styleAndLayoutStart > 0) {
    parts.push(`style+layout ${Math.round(frameEnd - frame.styleAndLayoutStart)} ms`);
  }
  return parts.length > 0 ? parts.join(' + ') : 'no script, no frame';
}
