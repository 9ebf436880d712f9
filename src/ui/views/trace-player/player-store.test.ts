import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayerStore } from './player-store.ts';

const s = () => usePlayerStore.getState();

describe('player store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    s().setReducedMotion(false);
    s().setSpeed(2);
    s().setSteps(5);
  });
  afterEach(() => {
    s().pause();
    vi.useRealTimers();
  });

  it('starts before the first step and resets on new steps', () => {
    expect(s().current).toBe(-1);
    expect(s().count).toBe(5);
    s().seek(3);
    s().setSteps(7);
    expect([s().current, s().count, s().playing]).toEqual([-1, 7, false]);
  });

  it('keeps the position when the same trace is loaded again, and resets on another', () => {
    const trace = [1, 2, 3];
    s().setSteps(trace.length, trace);
    s().first();
    // a second view loading the trace it already follows
    s().setSteps(trace.length, trace);
    expect(s().current).toBe(0);
    s().setSteps(3, [1, 2, 3]);
    expect(s().current).toBe(-1);
  });

  it('seeks and steps within bounds', () => {
    s().seek(10);
    expect(s().current).toBe(4);
    s().seek(-9);
    expect(s().current).toBe(-1);
    s().step(1);
    s().step(1);
    expect(s().current).toBe(1);
    s().step(-5);
    expect(s().current).toBe(-1);
    s().step(99);
    expect(s().current).toBe(4);
  });

  it('jumps to the first and the last step and pauses there', () => {
    s().seek(2);
    s().play();
    s().last();
    expect([s().current, s().playing]).toEqual([4, false]);
    s().first();
    expect([s().current, s().playing]).toEqual([0, false]);
    s().setSteps(0);
    s().first();
    s().last();
    expect(s().current).toBe(-1);
  });

  it('plays at its speed and stops at the last step', () => {
    s().play();
    expect(s().playing).toBe(true);
    vi.advanceTimersByTime(500);
    expect(s().current).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(s().current).toBe(2);
    vi.advanceTimersByTime(5000);
    expect(s().current).toBe(4);
    expect(s().playing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('changes speed while playing', () => {
    s().play();
    s().setSpeed(10);
    vi.advanceTimersByTime(300);
    expect(s().current).toBe(2);
  });

  it('plays again from the start when at the end', () => {
    s().seek(4);
    s().play();
    expect(s().current).toBe(-1);
    vi.advanceTimersByTime(500);
    expect(s().current).toBe(0);
  });

  it('pauses when stepping and restarts to before the first step', () => {
    s().play();
    vi.advanceTimersByTime(1000);
    s().step(-1);
    expect([s().current, s().playing]).toEqual([0, false]);
    s().restart();
    expect(s().current).toBe(-1);
  });

  it('under reduced motion, play only steps', () => {
    s().setReducedMotion(true);
    s().play();
    expect([s().current, s().playing]).toEqual([0, false]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores play with no steps and clamps speed', () => {
    s().setSteps(0);
    s().play();
    expect(s().playing).toBe(false);
    s().setSpeed(1000);
    expect(s().speed).toBe(60);
    s().setSpeed(Number.NaN);
    expect(s().speed).toBe(60);
  });
});
