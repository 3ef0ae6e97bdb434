import type { ZodType } from 'zod';

/**
 * Validates a @mantine/form with the same zod schema the API parses with (HOUSE-STYLE habit 2):
 * answers { 'field.path': message } with the first message per field.
 */
export function zodValidate<T>(schema: ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Copies the server's field messages (422 `errors`) onto a form. */
export function applyServerErrors(form: { setErrors(errors: Record<string, string>): void }, errors: Record<string, string> | undefined): void {
  if (errors && Object.keys(errors).length) form.setErrors(errors);
}
