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
import { MAX_IMAGE_BYTES, PHOTO_INPUT_ACCEPT, type LifestageId } from '@mm/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { uploadObservationPhoto } from '../../../entities/photo/upload-photo';
import { keepPhoto } from '../../../lib/outbox';

/**
 * A photo in the form: being uploaded, uploaded (photo_name set, `uploadedAt` ms), kept on this
 * device for the outbox because there is no network (`uploadedAt` null, photo_name the stand-in
 * `{localId}.jpg`), failed (error set) or already saved.
 */
export interface PickedPhoto {
  localId: string;
  lifestage_id: LifestageId;
  fileName: string;
  previewUrl: string;
  progress: number;
  photo_name?: string;
  uploadedAt?: number | null;
  error?: string;
}

/** True for a photo waiting on this device to be uploaded with its entry. */
export const isOnDevice = (p: PickedPhoto) => p.photo_name !== undefined && p.uploadedAt === null;

/** Only object URLs made here need releasing; saved photos preview from `/attachments/…`. */
const release = (url: string) => {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
};

export interface PhotoPickerProps {
  lifestageId: LifestageId;
  photos: PickedPhoto[];
  onChange: (update: (all: PickedPhoto[]) => PickedPhoto[]) => void;
  /** Called with the ORIGINAL files accepted for upload (≤ 10 MB), e.g. to read their EXIF before the server strips it. */
  onFilesPicked?: (files: File[]) => void;
}

/**
 * Photos of one life stage: each file shows at once as a thumbnail, uploads with visible
 * progress, and can be removed after the spec §5 delete confirmation. Photos already saved
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
    const accepted = picked.filter((file) => file.size <= MAX_IMAGE_BYTES);
    if (accepted.length > 0) onFilesPicked?.(accepted);
    for (const file of picked) {
      const item: PickedPhoto = {
        localId: crypto.randomUUID(),
        lifestage_id: lifestageId,
        fileName: file.name,
        previewUrl: URL.createObjectURL(file),
        progress: 0,
      };
      if (file.size > MAX_IMAGE_BYTES) {
        onChange((all) => [...all, { ...item, error: t('validation:file_size') }]);
        continue;
      }
      onChange((all) => [...all, item]);
      // The original stays on this device until its entry is sent, so the outbox can upload it later.
      const kept = keepPhoto(item.localId, file);
      const keepOnDevice = () =>
        void kept.then(
          () => patch(item.localId, { photo_name: `${item.localId}.jpg`, uploadedAt: null, progress: 1 }),
          () => patch(item.localId, { error: t('errors.network') }),
        );
      if (!navigator.onLine) {
        keepOnDevice();
        continue;
      }
      uploadObservationPhoto(file, (f) => patch(item.localId, { progress: f }))
        .then((res) => patch(item.localId, { photo_name: res.photo_name, progress: 1, uploadedAt: Date.now() }))
        .catch((err: unknown) => {
          if (err instanceof ApiRequestError && err.status > 0) patch(item.localId, { error: err.message });
          else keepOnDevice();
        });
    }
    if (input.current) input.current.value = '';
  };

  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mine.map((p) => (
          <Box key={p.localId} sx={{ width: 112 }}>
            <Box sx={{ position: 'relative' }}>
              <img
                src={p.previewUrl}
                alt={p.fileName}
                width={112}
                height={84}
                style={{ objectFit: 'cover', borderRadius: 6, display: 'block', opacity: p.photo_name ? 1 : 0.6 }}
              />
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
      <Button size="small" startIcon={<AddPhotoAlternateIcon />} onClick={() => input.current?.click()} sx={{ mt: 1 }}>
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
