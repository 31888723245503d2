/** The accessibility attributes of an input with an optional error: its id, invalid state and error reference. */
export function fieldA11y(id: string, message?: string) {
  return {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-error` : undefined,
  } as const;
}

/** A field's validation message, referenced by the input through `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {message}
    </p>
  );
}
