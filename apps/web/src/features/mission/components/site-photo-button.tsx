import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Alert, Box, Button, FormHelperText } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_INPUT_ACCEPT } from '@mm/shared';
import type { PrefillNote } from '../../../entities/photo/use-photo-prefill';

/**
 * "Use a photo's location" on Step 1, while the site has no point: the photo is read on
 * this device only (its EXIF, by the caller's `fillFrom`), never uploaded. Shows what was filled in,
 * with the Flash form's messages, or that the photo holds no location.
 */
export function SitePhotoButton({
  fillFrom,
  note,
  onCloseNote,
  showButton,
}: {
  fillFrom: (files: File[]) => Promise<boolean>;
  note: PrefillNote | null;
  onCloseNote: () => void;
  showButton: boolean;
}) {
  const { t } = useTranslation('mission');
  const input = useRef<HTMLInputElement>(null);
  const [noLocation, setNoLocation] = useState(false);
  const pick = (files: File[]) => {
    setNoLocation(false);
    onCloseNote();
    void fillFrom(files).then((found) => setNoLocation(!found));
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      {showButton && (
        <>
          <input
            ref={input}
            type="file"
            accept={PHOTO_INPUT_ACCEPT}
            hidden
            onChange={(e) => {
              pick(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={() => input.current?.click()}
            aria-describedby="site-photo-help"
            sx={{ minHeight: 44 }}
          >
            {t('site.photo_fill')}
          </Button>
          <FormHelperText id="site-photo-help">{t('site.photo_fill_help')}</FormHelperText>
        </>
      )}
      {note && (
        <Alert severity="info" sx={{ mt: 1 }} onClose={onCloseNote}>
          {t(`common:flash.${note}`)}
        </Alert>
      )}
      {noLocation && !note && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setNoLocation(false)}>
          {t('site.photo_no_location')}
        </Alert>
      )}
    </Box>
  );
}
