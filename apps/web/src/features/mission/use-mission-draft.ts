import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { clearDraft, saveDraft } from './draft-storage';
import type { MissionFormValues, MissionStepName } from './mission-values';

interface AutosaveOptions {
  form: UseFormReturn<MissionFormValues>;
  editId: number | null;
  step: MissionStepName;
  /** True when the form started from a stored draft: it is unsaved from the start. */
  resumed: boolean;
}

/**
 * Keeps the draft (`mm_mission_draft`) in step with the form: saved on every change and on every
 * step change, removed again when the values return to where they started. `unsaved` tells whether
 * there is anything not yet submitted; `markSubmitted` clears it and the draft.
 */
export function useMissionAutosave({ form, editId, step, resumed }: AutosaveOptions) {
  const { subscribe, getValues } = form;
  const [initialJson] = useState(() => JSON.stringify(getValues()));
  const [unsaved, setUnsaved] = useState(resumed);
  const unsavedRef = useRef(resumed);
  const stepRef = useRef(step);

  const persist = useCallback(
    (values: MissionFormValues) => {
      const changed = resumed || JSON.stringify(values) !== initialJson;
      if (changed) saveDraft({ edit_id: editId, step: stepRef.current, values });
      else clearDraft();
      unsavedRef.current = changed;
      setUnsaved(changed);
    },
    [resumed, initialJson, editId],
  );

  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => persist(values) }),
    [subscribe, persist],
  );

  useEffect(() => {
    stepRef.current = step;
    if (unsavedRef.current) persist(getValues());
  }, [step, persist, getValues]);

  const markSubmitted = useCallback(() => {
    unsavedRef.current = false;
    setUnsaved(false);
    clearDraft();
  }, []);

  return { unsaved, unsavedRef, markSubmitted };
}

/**
 * Asks before leaving a mission that is not submitted: the browser's own prompt on reload or close
 * (`beforeunload`), and React Router's blocker for in-app navigation to another page (changing
 * step stays on the page and is never blocked).
 */
export function useLeaveGuard(unsavedRef: RefObject<boolean>, unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsavedRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  return blocker;
}
