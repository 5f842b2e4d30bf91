import { describe, it, expect, vi, afterEach } from 'vitest';
import { captureCli, type CliRun } from '../../support/cli.js';
import { curveCommand } from '../../../src/cli/curve.js';

const PI = Math.PI;

/** Runs the command in-process and collects what it writes. */
const run = (args: string[]): Promise<CliRun> => captureCli(curveCommand, args);

afterEach(() => vi.restoreAllMocks());

describe('headway curve', () => {
  it('prints one JSON line: the quarter turn between tile centres is π/2', async () => {
    const { code, out, err } = await run(['--from', '0.5,0.5,0', '--to', '1.5,1.5,pi/2', '--radius', '1']);
    expect([code, err]).toEqual([0, '']);
    expect(out.endsWith('\n')).toBe(true);
    expect(out.trim().split('\n')).toHaveLength(1);
    const line = JSON.parse(out);
    expect(line.length).toBeCloseTo(PI / 2, 12);
    expect(line.word).toBe('RSR');
    expect(line.segments).toHaveLength(1);
    expect(Object.keys(line.segments[0]).sort()).toEqual(['heading', 'kind', 'length', 'radius', 'reverse', 'turn', 'x', 'y']);
    expect(line.segments[0]).toMatchObject({ kind: 'arc', x: 0.5, y: 0.5, heading: 0, radius: 1, turn: 1, reverse: false });
    expect(line.end.x).toBeCloseTo(1.5, 12);
  });

  it('names the Dubins word with L turning counter-clockwise on screen (y down)', async () => {
    // The y-up case (0,0,0) to (2,1,0), mirrored into our coordinates.
    const line = JSON.parse((await run(['--from', '0,0,0', '--to', '2,-1,0', '--radius', '1'])).out);
    expect(line.word).toBe('LSR');
    expect(line.length).toBeCloseTo(2.287002217587, 11);
    expect(line.segments.map((s: { kind: string }) => s.kind)).toEqual(['arc', 'line', 'arc']);
    expect(line.segments[0].turn).toBe(-1);
    expect(Object.keys(line.segments[1]).sort()).toEqual(['heading', 'kind', 'length', 'reverse', 'x', 'y']);
  });

  it('--reverse backs up, and --reverse-cost weighs it', async () => {
    const back = JSON.parse((await run(['--from', '0,0,0', '--to', '-3,0,0', '--radius', '1', '--reverse'])).out);
    expect(back.word).toBe('S-');
    expect(back.length).toBeCloseTo(3, 12);
    expect(back.segments[0].reverse).toBe(true);
    const pricey = JSON.parse((await run(['--from', '0,0,0', '--to', '-3,0,0', '--radius', '1', '--reverse', '--reverse-cost', '2'])).out);
    expect(pricey.cost).toBeLessThanOrEqual(6);
  });

  it('--free-heading ignores the goal heading (first leg); --directions redraws with legal headings', async () => {
    const free = JSON.parse((await run(['--from', '0,0,0', '--to', '0,2', '--radius', '1', '--free-heading'])).out);
    expect(free.word).toBe('R');
    expect(free.length).toBeCloseTo(PI, 12);
    const legal = JSON.parse((await run(['--from', '0,0,0', '--to', '1,1,pi/2', '--radius', '1', '--directions', '8'])).out);
    expect(legal.segments.map((s: { heading: number }) => s.heading)).toEqual([0, PI / 4, PI / 2].map((h) => expect.closeTo(h, 12)));
    expect(legal.length).toBeCloseTo(4 * Math.tan(PI / 8), 12);
  });

  it('bad arguments print one line naming the problem and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--from', '0,0,0', '--to', '1,1,0', '--radius', '-1'], /turning radius .* got -1/],
      [['--from', '0,0,0', '--to', '1,1,0', '--radius', 'abc'], /--radius must be a finite number, got "abc"/],
      [['--from', '0,0', '--to', '1,1,0', '--radius', '1'], /--from must be x,y,heading, got "0,0"/],
      [['--from', '0,0,0', '--radius', '1'], /--to is required/],
      [['--from', '0,0,0', '--to', '1,1,0', '--radius', '1', '--speed', '2'], /unknown option --speed/],
      [['--from', '0,0,0', '--to', '1,1,0', '--radius', '1', '--reverse-cost', '2'], /needs --reverse/],
      [['--from', '0,0,0', '--to', '1,1,0', '--radius', '1', '--reverse', '--reverse-cost', '0.5'], /reverse cost .* got 0\.5/],
      [['--from', '0,0,0', '--to', '1,1,0', '--radius', '1', '--directions', '7'], /directions .* got 7/],
      [['--from', '0,0,nope', '--to', '1,1,0', '--radius', '1'], /--from heading must be a finite number, got "nope"/],
      [[], /usage: curve/],
    ];
    for (const [args, message] of cases) {
      const { code, out, err } = await run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(out, args.join(' ')).toBe('');
      expect(err, args.join(' ')).toMatch(message);
      expect(err.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
