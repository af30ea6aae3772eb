import { type UseFormInput, useForm } from '@mantine/form';
import { useEffect } from 'react';

/**
 * A form over settings the server keeps: it starts from `initialValues` and takes the stored
 * values once they arrive (or arrive again after a save), so "reset" and the dirty state compare
 * with what is stored. `stored` null or undefined: nothing stored yet, the form keeps its start.
 */
export const useStoredValuesForm = <Values extends Record<string, unknown>>(
  stored: Values | null | undefined,
  input: UseFormInput<Values>,
) => {
  const form = useForm<Values>(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the stored values once they arrive
  useEffect(() => {
    if (!stored) return;
    form.setInitialValues(stored);
    form.setValues(stored);
  }, [stored]);
  return form;
};
