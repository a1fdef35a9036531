import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pause after which the username filter applies, ms. */
const USERNAME_DEBOUNCE_MS = 500;

/** Observer's username (exact, any case); applies after a pause in typing, or at once on Enter. */
export function UsernameFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (username: string | undefined) => void;
}) {
  const { t } = useTranslation('explore');
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // A change from outside (reset, back button) replaces what is typed.
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const typed = text.trim() || undefined;
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => onChange(typed), USERNAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, onChange]);
  return (
    <TextField
      size="small"
      fullWidth
      label={t('filters.username')}
      value={text}
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && typed !== value) onChange(typed);
      }}
    />
  );
}
