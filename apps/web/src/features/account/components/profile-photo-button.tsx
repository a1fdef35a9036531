import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Button, FormHelperText, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { MAX_IMAGE_BYTES, PHOTO_INPUT_ACCEPT, V, i18nKey } from '@mm/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { updatePhoto } from '../api/profiles';

/** Picks and uploads the profile photo (same rules as observation photos; the server crops it square). */
export function ProfilePhotoButton() {
  const { t } = useTranslation('account');
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: updatePhoto,
    onSuccess: async () => {
      toast.success(t('profile.photo_saved'));
      await queryClient.invalidateQueries({ queryKey: ['myprofile'] });
      await queryClient.invalidateQueries({ queryKey: ['public-profile'] });
    },
    onError: (err) =>
      toast.error(err instanceof ApiRequestError && err.status > 0 ? err.body.message : t('common:errors.network')),
  });
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraIcon />}
        disabled={mutation.isPending}
        aria-describedby={helpId}
        onClick={() => input.current?.click()}
      >
        {t('profile.change_photo')}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={PHOTO_INPUT_ACCEPT}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > MAX_IMAGE_BYTES) toast.error(t(i18nKey(V.fileSize)));
          else mutation.mutate(file);
        }}
      />
      <FormHelperText id={helpId}>{t('profile.photo_help')}</FormHelperText>
    </Stack>
  );
}
