import { Autocomplete, TextField } from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../lib/links';
import { useUsernameSearch } from '../api/profiles';

/**
 * Finds a volunteer by any part of their username, accents and case ignored (spec §7 getusernames,
 *), and opens their profile.
 */
export function VolunteerSearch() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const to = useLocalePath();
  const [input, setInput] = useState('');
  const value = useDeferredValue(input.trim());
  const { data, isFetching } = useUsernameSearch(value);
  return (
    <Autocomplete
      options={value ? (data?.data.map((u) => u.username) ?? []) : []}
      filterOptions={(options) => options}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      onChange={(_e, username) => username && void navigate(to(`/users/profile/${username}`))}
      loading={isFetching}
      noOptionsText={t('public.search_none')}
      renderInput={(params) => <TextField {...params} label={t('public.search_label')} />}
      sx={{ maxWidth: 420 }}
    />
  );
}
