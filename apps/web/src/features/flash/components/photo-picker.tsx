import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_INPUT_ACCEPT, type LifestageId } from '@mm/shared';
import { PhotoThumb } from '../../../entities/photo/photo-thumb';

/**
 * A photo in the form: being uploaded, uploaded (photo_name set, `uploadedAt` ms), kept on this
 * device for the outbox because there is no network (`uploadedAt` null, photo_name the stand-in
 * `{localId}.jpg`), failed (error set) or already saved.
 */
export interface PickedPhoto {
  localId: string;
  lifestage_id: LifestageId;
  /** The name of the file picked (the original's, e.g. IMG_0001.HEIC). */
  fileName: string;
  /** Empty while the copy that travels is being made. */
  previewUrl: string;
  progress: number;
  photo_name?: string;
  uploadedAt?: number | null;
  error?: string;
}

/** True for a photo waiting on this device to be uploaded with its entry. */
const isOnDevice = (p: PickedPhoto) => p.photo_name !== undefined && p.uploadedAt === null;

/** Only object URLs made here need releasing; saved photos preview from `/attachments/…`. */
const release = (url: string) => {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
};

export interface PhotoPickerProps {
  lifestageId: LifestageId;
  photos: PickedPhoto[];
  onChange: (update: (all: PickedPhoto[]) => PickedPhoto[]) => void;
  /** Called with each ORIGINAL file picked, to read its EXIF: the copy that is previewed and sent has none (ADR 0024). */
  onFilesPicked?: (files: File[]) => void;
}

/**
 * Photos of one life stage: each file shows at once as a tile, then as the preview of the copy
 * made on this device (ADR 0024: ≤ 2048 px JPEG, which is also what is kept and uploaded), uploads
 * with visible progress, and can be removed after the spec §5 delete confirmation. Photos already saved
 * (edit) come in with `photo_name` set and `/attachments/…` previews.
 */
export function PhotoPicker({ lifestageId, photos, onChange, onFilesPicked }: PhotoPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState<PickedPhoto | null>(null);
  const mine = photos.filter((p) => p.lifestage_id === lifestageId);
  const stage = t(`lifestage.${lifestageId}`);
  const patch = (localId: string, change: Partial<PickedPhoto>) =>
    onChange((all) => all.map((p) => (p.localId === localId ? { ...p, ...change } : p)));

  useEffect(() => () => mine.forEach((p) => release(p.previewUrl)), []); // eslint-disable-line react-hooks/exhaustive-deps

  const add = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    if (input.current) input.current.value = '';
    // The pipeline (worker, resize library, upload, outbox) loads now, not with the form (ADR 0024).
    const pipeline = import('../../../entities/photo/send-photo');
    for (const file of picked) {
      const localId = crypto.randomUUID();
      onChange((all) => [
        ...all,
        { localId, lifestage_id: lifestageId, fileName: file.name, previewUrl: '', progress: 0 },
      ]);
      void pipeline.then(async ({ prepareForTravel, sendPhoto }) => {
        // EXIF (date, GPS) is read from the original: the copy that travels has none.
        onFilesPicked?.([file]);
        const copy = await prepareForTravel(file);
        patch(localId, { previewUrl: URL.createObjectURL(copy) });
        const sent = await sendPhoto(localId, copy, (f) => patch(localId, { progress: f }));
        if (sent.state === 'uploaded')
          patch(localId, { photo_name: sent.photo_name, progress: 1, uploadedAt: sent.uploadedAt });
        else if (sent.state === 'kept') patch(localId, { photo_name: `${localId}.jpg`, uploadedAt: null, progress: 1 });
        else
          patch(localId, {
            error:
              sent.reason === 'refused'
                ? sent.message
                : t(sent.reason === 'too_big' ? 'validation:file_size' : 'errors.network'),
          });
      });
    }
  };

  const openChooser = () => {
    input.current?.click();
    // The worker starts while the volunteer picks (ADR 0024).
    void import('../../../entities/photo/send-photo').then((m) => m.startPhotoWorker());
  };

  return (
    <Box>
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
      <input
        ref={input}
        type="file"
        accept={PHOTO_INPUT_ACCEPT}
        multiple
        hidden
        id={`photos-${lifestageId}`}
        onChange={(e) => add(e.target.files)}
      />
      <Button size="small" startIcon={<AddPhotoAlternateIcon />} onClick={openChooser} sx={{ mt: 1 }}>
        {t('flash.add_photo', { stage })}
      </Button>
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
    </Box>
  );
}
