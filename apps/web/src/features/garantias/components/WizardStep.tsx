import { Stepper, type StepperStepProps } from '@mantine/core';

export interface WizardStepProps extends StepperStepProps {
  /** A step the wizard jumped over (a 900 lookup goes straight to RESULTADO). */
  skipped?: boolean;
}

/**
 * A step of the request wizard. Mantine's Stepper marks every step before the active one as
 * completed; a skipped step is shown as such instead — not completed, a dash and "Não realizada".
 * (The Stepper passes `state` to its children, so this wrapper is where it can be corrected.)
 */
export function WizardStep({ skipped = false, ...step }: WizardStepProps) {
  if (!skipped) return <Stepper.Step {...step} />;
  return <Stepper.Step {...step} state="stepInactive" icon="–" color="gray" description="Não realizada" data-skipped />;
}
