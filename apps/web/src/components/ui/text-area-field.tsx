import { TextField, type TextFieldProps } from '@mui/material';

/** What a multi-line field takes: a text field's props, with its height as a fixed number of `rows`. */
export type TextAreaFieldProps = Omit<TextFieldProps, 'multiline' | 'minRows' | 'maxRows' | 'rows'> & {
  /** Lines shown; the user can stretch the box taller (`resize: vertical`). */
  rows: number;
};

/**
 * A multi-line text field (comments, messages, a bio) as a plain `<textarea>` of fixed `rows` that the user
 * can stretch, not MUI's autosizing one: that one measures a hidden twin of the box on every key, two forced
 * layouts of the whole page, most of a keystroke's work on a phone (docs/adr/0045). Takes `register(...)` of
 * React Hook Form like a `TextField`.
 */
export function TextAreaField({ rows, ...props }: TextAreaFieldProps) {
  return (
    <TextField
      {...props}
      multiline
      rows={rows}
      slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { style: { resize: 'vertical' } } }}
    />
  );
}
