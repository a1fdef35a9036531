import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LifestageId } from '@mm/shared';
import { PhotoThumb } from '../../../entities/photo/photo-thumb';
import type { PickedPhoto } from './photo-picker';

/** True for a photo waiting on this device to be uploaded with its entry. */
const isOnDevice = (p: PickedPhoto) => p.photo_name !== undefined && p.uploadedAt === null;

/** Only object URLs made here need releasing; saved photos preview from `/attachments/…`. */
const release = (url: string) => {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
};

export interface PhotoTilesProps {
  lifestageId: LifestageId;
  photos: PickedPhoto[];
  onChange: (update: (all: PickedPhoto[]) => PickedPhoto[]) => void;
}

/**
 * The photos of one life stage as tiles (`PhotoPicker`'s): each picked file's tile, then the preview of the copy that
 * travels, its upload's progress, a photo kept on this device, a refusal; removed after the spec §5 delete
 * confirmation. Loaded beside the form, not before its first render (the page's 250 KB budget, ADR 0024): the tiles,
 * progress bars and delete dialog are not needed to start filling in the form.
 */
export function PhotoTiles({ lifestageId, photos, onChange }: PhotoTilesProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<PickedPhoto | null>(null);
  const mine = photos.filter((p) => p.lifestage_id === lifestageId);

  useEffect(() => () => mine.forEach((p) => release(p.previewUrl)), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mine.map((p) => (
          <Box key={p.localId} sx={{ width: 112 }}>
            <Box sx={{ position: 'relative' }}>
              <PhotoThumb src={p.previewUrl || undefined} alt={p.fileName} fileName={p.fileName} dim={!p.photo_name} />
              <IconButton
                size="small"
                aria-label={`${t('flash.remove_photo')}: ${p.fileName}`}
                onClick={() => setConfirming(p)}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.85)' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
            {!p.photo_name && !p.error && (
              <LinearProgress
                variant="determinate"
                value={Math.round(p.progress * 100)}
                aria-label={t('flash.uploading', { name: p.fileName, percent: Math.round(p.progress * 100) })}
              />
            )}
            {isOnDevice(p) && (
              <Typography variant="caption" sx={{ display: 'block', lineHeight: 1.2 }}>
                {t('outbox.photo_on_device')}
              </Typography>
            )}
            {p.error && (
              <Alert severity="error" sx={{ p: 0.5, fontSize: 12 }}>
                {p.error}
              </Alert>
            )}
          </Box>
        ))}
      </Stack>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogContent>
          <DialogContentText>{t('flash.confirm_remove_photo')}</DialogContentText>
          {confirming && <Typography variant="caption">{confirming.fileName}</Typography>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (confirming) {
                release(confirming.previewUrl);
                onChange((all) => all.filter((p) => p.localId !== confirming.localId));
              }
              setConfirming(null);
            }}
          >
            {t('actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
