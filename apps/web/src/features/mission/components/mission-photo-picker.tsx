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
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PHOTO_INPUT_ACCEPT, type LifestageId } from '@mm/shared';
import { MmImage } from '../../../components/ui/mm-image';
import { photoUrl } from '../../../entities/photo/photo-url';
import { PhotoThumb } from '../../../entities/photo/photo-thumb';
import { isOnDevice, type MissionFormValues, type MissionPhoto } from '../mission-values';
import { LocalPhoto } from '../../../entities/outbox/local-photo';
import type * as PipelineModule from '../../../entities/photo/send-photo';

type Pipeline = typeof PipelineModule;

interface Pending {
  localId: string;
  fileName: string;
  previewUrl: string;
  progress: number;
  error?: string;
}

const THUMB = { width: 112, height: 84, style: { objectFit: 'cover', borderRadius: 6, display: 'block' } } as const;

/** Uploads in progress of one life stage on one milkweed row, shown until they land in the form. */
function usePendingUploads() {
  const [pending, setPending] = useState<Pending[]>([]);
  const patch = (localId: string, change: Partial<Pending>) =>
    setPending((all) => all.map((p) => (p.localId === localId ? { ...p, ...change } : p)));
  const drop = (localId: string) =>
    setPending((all) => {
      all.filter((p) => p.localId === localId).forEach((p) => URL.revokeObjectURL(p.previewUrl));
      return all.filter((p) => p.localId !== localId);
    });
  return { pending, setPending, patch, drop };
}

/**
 * Pictures of one life stage on one milkweed row (Mission step 3). Adapted from the Flash
 * PhotoPicker: each upload shows progress, then joins `observation.photos` with its milkweed
 * index, so it survives a reload through the draft; its EXIF may fill the date (`onFilesPicked`).
 * Removing one asks first (spec §5).
 */
export function MissionPhotoPicker({
  milkweedIndex,
  lifestageId,
  onBusy,
  onFilesPicked,
}: {
  milkweedIndex: number;
  lifestageId: LifestageId;
  onBusy: (delta: number) => void;
  /** Called with each ORIGINAL file picked, to read its EXIF: the copy that is previewed and sent has none (ADR 0024). */
  onFilesPicked: (files: File[]) => void;
}) {
  const { t } = useTranslation('mission');
  const { control, getValues, setValue } = useFormContext<MissionFormValues>();
  const photos = useWatch({ control, name: 'observation.photos' });
  const mine = photos.filter((p) => p.milkweed_index === milkweedIndex && p.lifestage_id === lifestageId);
  const input = useRef<HTMLInputElement>(null);
  const { pending, setPending, patch, drop } = usePendingUploads();
  const [confirming, setConfirming] = useState<MissionPhoto | null>(null);
  const stage = t(`common:lifestage.${lifestageId}`);
  const setPhotos = (next: MissionPhoto[]) => setValue('observation.photos', next, { shouldDirty: true });

  const upload = (file: File, pipeline: Promise<Pipeline>) => {
    const localId = crypto.randomUUID();
    setPending((all) => [...all, { localId, fileName: file.name, previewUrl: '', progress: 0 }]);
    onBusy(1);
    const add = (photo_name: string, photo_path: string, uploaded_at: number | null) => {
      setPhotos([
        ...getValues('observation.photos'),
        {
          photo_name,
          photo_path,
          file_name: file.name,
          lifestage_id: lifestageId,
          milkweed_index: milkweedIndex,
          local_id: localId,
          uploaded_at,
        },
      ]);
      drop(localId);
    };
    void pipeline
      .then(async ({ prepareForTravel, sendPhoto }) => {
        // EXIF (date, GPS) is read from the original: the copy that travels has none (ADR 0024).
        onFilesPicked([file]);
        const copy = await prepareForTravel(file);
        patch(localId, { previewUrl: URL.createObjectURL(copy) });
        const sent = await sendPhoto(localId, copy, (f) => patch(localId, { progress: f }));
        if (sent.state === 'uploaded') add(sent.photo_name, sent.photo_path, sent.uploadedAt);
        else if (sent.state === 'kept') add(`${localId}.jpg`, '', null);
        else
          patch(localId, {
            error:
              sent.reason === 'refused'
                ? sent.message
                : t(sent.reason === 'too_big' ? 'validation:file_size' : 'common:errors.network'),
          });
      })
      .finally(() => onBusy(-1));
  };

  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mine.map((p) => (
          <Box key={p.photo_name} sx={{ position: 'relative', width: THUMB.width }}>
            {isOnDevice(p) && p.local_id ? (
              <>
                <LocalPhoto
                  localId={p.local_id}
                  alt={t('observation.photo_alt', { stage, name: p.file_name })}
                  fileName={p.file_name}
                />
                <Typography variant="caption" sx={{ display: 'block', lineHeight: 1.2 }}>
                  {t('common:outbox.photo_on_device')}
                </Typography>
              </>
            ) : (
              <MmImage src={photoUrl(p)} alt={t('observation.photo_alt', { stage, name: p.file_name })} {...THUMB} />
            )}
            <IconButton
              size="small"
              aria-label={t('observation.remove_photo', { name: p.file_name })}
              onClick={() => setConfirming(p)}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.85)' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {pending.map((p) => (
          <Box key={p.localId} sx={{ width: THUMB.width }}>
            <PhotoThumb src={p.previewUrl || undefined} alt={p.fileName} fileName={p.fileName} dim />
            {!p.error && (
              <LinearProgress
                variant="determinate"
                value={Math.round(p.progress * 100)}
                aria-label={t('observation.uploading', { name: p.fileName, percent: Math.round(p.progress * 100) })}
              />
            )}
            {p.error && (
              <Alert severity="error" onClose={() => drop(p.localId)} sx={{ p: 0.5, fontSize: 12 }}>
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
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          // The pipeline (worker, resize library, upload, outbox) loads now, not with the form (ADR 0024).
          const pipeline = import('../../../entities/photo/send-photo');
          files.forEach((file) => upload(file, pipeline));
        }}
      />
      <Button
        size="small"
        startIcon={<AddPhotoAlternateIcon />}
        onClick={() => {
          input.current?.click();
          // The worker starts while the volunteer picks (ADR 0024).
          void import('../../../entities/photo/send-photo').then((m) => m.startPhotoWorker());
        }}
        sx={{ mt: 0.5, minHeight: 40 }}
      >
        {t('observation.add_photo', { stage })}
      </Button>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogContent>
          <DialogContentText>{t('observation.confirm_remove_photo')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('common:actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (confirming)
                setPhotos(getValues('observation.photos').filter((p) => p.photo_name !== confirming.photo_name));
              setConfirming(null);
            }}
          >
            {t('common:actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
