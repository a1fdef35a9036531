import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  columnInt,
  controlCharIssues,
  hasControlChars,
  multiline,
  multilinePaths,
  queryColumnInt,
  submitFlashInputSchema,
  submitMissionInputSchema,
  V,
} from '../src/index';

describe('control characters', () => {
  it('refuses every Unicode Cc character; line breaks and tabs only in multi-line text', () => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(hasControlChars(`a${c}b`), JSON.stringify(c)).toBe(true);
      expect(hasControlChars(`a${c}b`, true), JSON.stringify(c)).toBe(true);
    }
    for (const c of ['\n', '\r', '\t']) {
      expect(hasControlChars(`a${c}b`)).toBe(true);
      expect(hasControlChars(`a${c}b`, true)).toBe(false);
    }
    expect(hasControlChars('Érable à sucre 🦋 — «ok» \u2028')).toBe(false);
  });

  it('finds the multi-line fields of nested, optional, piped and array schemas', () => {
    expect([...multilinePaths(submitFlashInputSchema)]).toEqual(['comment']);
    expect([...multilinePaths(submitMissionInputSchema)]).toEqual(['observation.comment']);
    const nested = z.object({ notes: z.array(z.object({ text: multiline(z.string()) })).optional() });
    expect([...multilinePaths(nested)]).toEqual(['notes.*.text']);
  });

  it('reports each offending value at its path, and keys holding control characters at their object', () => {
    const fields = new Set(['notes.*.text']);
    const issues = controlCharIssues(
      { name: 'a\u0000', notes: [{ text: 'ok\nok' }, { text: 'bad\u0007' }], ok: 'fine', n: 3, 'k\u0001': 'x' },
      fields,
    );
    expect(issues.map((i) => i.path)).toEqual([['name'], ['notes', 1, 'text'], []]);
    expect(issues.every((i) => i.message === V.controlChars)).toBe(true);
    expect(controlCharIssues({ name: 'two\nlines' }, fields)).toHaveLength(1);
  });
});

describe('integers bounded by their column', () => {
  it('takes 1 up to the column type, refuses beyond with validation.invalid', () => {
    expect(columnInt('province_id').safeParse(32_767).success).toBe(true);
    expect(columnInt('province_id').safeParse(32_768).error?.issues[0]?.message).toBe(V.invalid);
    expect(columnInt('checklist_id').safeParse(2_147_483_647).success).toBe(true);
    expect(columnInt('checklist_id').safeParse(2_147_483_648).success).toBe(false);
    expect(columnInt('checklist_id').safeParse(0).success).toBe(false);
    expect(columnInt('checklist_id').safeParse(1.5).success).toBe(false);
    expect(queryColumnInt('country_id').safeParse('32768').success).toBe(false);
    expect(queryColumnInt('country_id').safeParse('3').data).toBe(3);
    expect(queryColumnInt('checklist_id').safeParse('348762023026556').success).toBe(false);
  });
});
