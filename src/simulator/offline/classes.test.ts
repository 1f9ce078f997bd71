// Kinds said for their class: a sister or a brother is a sibling, a bus or a train a way to travel.
import { describe, expect, it } from 'vitest';
import { readEnumList } from './enum-lists';
import { classesOf } from './words';

const reasons = ['sibling_attends', 'travel_time', 'faith'];

describe('a kind names its class', () => {
  it('"her brother\'s already there … two buses away" names the sibling and the travel', () =>
    expect(readEnumList(reasons, "Her brother's already there, and the other one is two buses away.")).toMatchObject({ values: ['sibling_attends', 'travel_time'] }));
  it('near miss: "a short walk away" names no travel, and nobody is a sibling', () =>
    expect(readEnumList(reasons, "It's a short walk away and it suits her.")).not.toMatchObject({ values: expect.arrayContaining(['travel_time']) }));
  it('the classes', () => {
    expect(classesOf('sisters')).toContain('sibling');
    expect(classesOf('buses')).toContain('travel');
    expect(classesOf('walk')).not.toContain('travel');
  });
});
