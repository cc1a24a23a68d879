// `irmetrics practice`: every answer it gives equals what calc gives on the exercise's input, for
// every family and difficulty over many seeds (the engine in this process, and the command line
// itself for one exercise per family).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadEngine } from '../../bin/lib/engine.mjs';
import { DIFFICULTIES, FAMILIES } from '../../common/practice/generate.js';
import { practiceJson, run } from './practice-helpers.mjs';

const SEEDS = 40;
const engine = await loadEngine();

describe('practice answers equal calc on the exercise\'s input', () => {
  for (const { id: family } of FAMILIES) {
    for (const difficulty of DIFFICULTIES) {
      test(`${family}, ${difficulty}: ${SEEDS} seeds`, () => {
        const exercises = practiceJson(family, difficulty, 1000, SEEDS);
        assert.equal(exercises.length, SEEDS);
        exercises.forEach((exercise, i) => {
          assert.equal(exercise.id, `${family}-${difficulty}-${1000 + i}`);
          assert.equal(exercise.family, family);
          assert.ok(exercise.measures.length > 0);
          assert.deepEqual(Object.keys(exercise.answers).sort(), [...exercise.measures].sort());
          const options = exercise.relevant === null ? {} : { relevant: String(exercise.relevant) };
          for (const name of exercise.measures) {
            const at = name.indexOf(':');
            const measure = at < 0 ? name : name.slice(0, at);
            const result = engine.compute(measure, exercise.input, options);
            assert.ok(result.ok, `${exercise.id} ${measure}: ${result.error?.message}`);
            const num = at < 0 ? result.value.value : result.value.values[name.slice(at + 1)];
            assert.deepEqual(exercise.answers[name], { approx: num.approx, exact: num.exact ?? null }, `${exercise.id} ${name}`);
            assert.ok(Number.isFinite(num.approx), `${exercise.id} ${name} is a number`);
          }
        });
      });
    }
  }

  test('and `irmetrics calc` itself, run as a user runs it, gives each answer of one exercise per family', () => {
    for (const { id: family } of FAMILIES) {
      const [exercise] = practiceJson(family, 'medium', 7, 1);
      for (const name of exercise.measures) {
        const at = name.indexOf(':');
        const measure = at < 0 ? name : name.slice(0, at);
        const args = ['calc', measure, '--input', exercise.input, '--json'];
        if (exercise.relevant !== null) args.push('--relevant', String(exercise.relevant));
        const { status, stdout, stderr } = run(args);
        assert.equal(status, 0, stderr);
        const json = JSON.parse(stdout);
        const expected = at < 0 ? json.value : json.values[name.slice(at + 1)];
        assert.deepEqual(exercise.answers[name], expected, `${exercise.id} ${name}`);
      }
    }
  });
});
