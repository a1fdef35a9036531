import { useWatch } from 'react-hook-form';
import type { LoadParams, QualityFlag } from '@mm/shared';
import { QualityWarnings, useQualityFlags } from '../../../entities/quality/quality-warnings';
import { missionQualityDraft } from '../mission-quality';
import { todayIso } from '../../../lib/format-date';
import type { MissionFormValues, MissionStepName } from '../mission-values';

type Code = QualityFlag['code'];

/**
 * The flags each step shows: those its fields can fix (the point and province on Where; the date on
 * When; the counts, stems and photos on What), and all of them on Confirmation.
 */
const STEP_CODES: Record<MissionStepName, ReadonlySet<Code> | undefined> = {
  site: new Set<Code>(['place_other_province', 'place_outside_area', 'near_duplicate', 'photo_place_far']),
  checklist: new Set<Code>(['date_before_1900', 'out_of_season', 'near_duplicate', 'photo_date_far']),
  observation: new Set<Code>([
    'out_of_season',
    'count_above_ceiling',
    'count_per_stem',
    'near_duplicate',
    'photo_date_far',
    'photo_place_far',
  ]),
  confirmation: undefined,
};

/**
 * The gentle quality warnings of the mission being entered, on every step: the flags
 * that step can fix, all of them on Confirmation. Never blocks Next or Submit.
 * @param checklistId the saved mission being edited (left out of the near-duplicate rule), or null
 */
export function MissionQualityWarnings({
  params,
  step,
  checklistId,
}: {
  params: LoadParams;
  step: MissionStepName;
  checklistId: number | null;
}) {
  const values = useWatch<MissionFormValues>() as MissionFormValues;
  const draft = missionQualityDraft(values, checklistId);
  const flags = useQualityFlags(draft, todayIso(), STEP_CODES[step]);
  const place = params.provinces.find((p) => p.province_id === values.site.province_id)?.province;
  return <QualityWarnings flags={flags} place={place} />;
}
