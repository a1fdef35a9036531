import { Step, StepButton, StepLabel, Stepper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MISSION_STEPS, type MissionStepName } from '../mission-values';

/** "Step 1 Where … Step 4 Confirmation" (spec §1); earlier steps are buttons back to them. */
export function MissionStepper({
  step,
  stepHref,
}: {
  step: MissionStepName;
  stepHref: (step: MissionStepName) => string;
}) {
  const { t } = useTranslation('mission');
  const navigate = useNavigate();
  const active = MISSION_STEPS.indexOf(step);
  return (
    <nav aria-label={t('form.steps_label')}>
      <Stepper
        activeStep={active}
        alternativeLabel
        sx={{ mb: { xs: 2, md: 3 }, '& .MuiStepLabel-label': { fontSize: { xs: 12, sm: 14 } } }}
      >
        {MISSION_STEPS.map((s, i) => (
          <Step key={s} completed={i < active}>
            {i < active ? (
              <StepButton onClick={() => void navigate(stepHref(s))}>{t(`steps.${s}`)}</StepButton>
            ) : (
              <StepLabel aria-current={i === active ? 'step' : undefined}>{t(`steps.${s}`)}</StepLabel>
            )}
          </Step>
        ))}
      </Stepper>
    </nav>
  );
}
