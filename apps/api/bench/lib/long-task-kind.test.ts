import { describe, expect, it } from 'vitest';
import { type AnimationFrameTiming, describeLongTask } from './long-task-kind';

// Shapes read off Chromium 156's entries for /login at 4× CPU throttling (issue #32.3).
const moduleBody: AnimationFrameTiming = {
  start: 873,
  duration: 149,
  renderStart: 1019,
  styleAndLayoutStart: 1019,
  scripts: [
    {
      start: 875,
      duration: 144,
      invoker: 'import.then',
      sourceURL: 'http://localhost:3201/assets/index-DjbyJcn1.js',
    },
  ],
};
const firstFrame: AnimationFrameTiming = {
  start: 1168,
  duration: 85,
  renderStart: 1181,
  styleAndLayoutStart: 1181,
  scripts: [
    {
      start: 1168,
      duration: 13,
      invoker: 'MessagePort.onmessage',
      sourceURL: 'http://localhost:3201/assets/react-dom-CVo04LWd.js',
    },
  ],
};
const parse: AnimationFrameTiming = {
  start: 282,
  duration: 260,
  renderStart: 521,
  styleAndLayoutStart: 522,
  scripts: [],
};

describe('describeLongTask', () => {
  it('names the script entry point that ran in the task, and its file', () => {
    expect(describeLongTask({ start: 874, duration: 144 }, [parse, moduleBody, firstFrame])).toBe(
      'script import.then (index-DjbyJcn1.js)',
    );
  });

  it("adds the frame's style and layout when the task rendered", () => {
    expect(describeLongTask({ start: 1168, duration: 85 }, [moduleBody, firstFrame])).toBe(
      'script MessagePort.onmessage (react-dom-CVo04LWd.js) + style+layout 72 ms',
    );
  });

  it('says when a task ran no script and drew no frame (parsing, a navigation)', () => {
    expect(describeLongTask({ start: 384, duration: 111 }, [parse])).toBe('no script, no frame');
  });

  it('calls a module script by its kind, not its address', () => {
    const frame: AnimationFrameTiming = {
      ...parse,
      scripts: [
        {
          start: 300,
          duration: 56,
          invoker: 'http://localhost:3201/assets/index-x.js',
          sourceURL: 'http://localhost:3201/assets/index-x.js',
        },
      ],
    };
    expect(describeLongTask({ start: 299, duration: 60 }, [frame])).toBe('script module (index-x.js)');
  });

  it('places a task that began before its frame in the frame it overlaps most', () => {
    expect(describeLongTask({ start: 250, duration: 250 }, [parse, moduleBody])).toBe('no script, no frame');
  });

  it('answers "?" when no frame entry covers the task', () => {
    expect(describeLongTask({ start: 5000, duration: 120 }, [parse, moduleBody])).toBe('?');
  });
});
