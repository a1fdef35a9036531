import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button } from '@mui/material';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_INPUT_ACCEPT, type LifestageId } from '@mm/shared';

// The tiles, progress bars and delete dialog load beside the form, not before its first render (the page's 250 KB
// budget, ADR 0024). The input and its button do not: the server renders them, and the photos chosen before the app
// runs wait in that input (docs/adr/0049), which a part drawn anew would replace.
const PhotoTiles = lazy(() => import('./photo-tiles').then((m) => ({ default: m.PhotoTiles })));

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

export interface PhotoPickerProps {
  lifestageId: LifestageId;
  photos: PickedPhoto[];
  onChange: (update: (all: PickedPhoto[]) => PickedPhoto[]) => void;
  /** Called with each ORIGINAL file picked, to read its EXIF: the copy that is previewed and sent has none (ADR 0024). */
  onFilesPicked?: (files: File[]) => void;
}

/**
 * Photos of one life stage: each file shows at once as a tile (`PhotoTiles`), then as the preview of the copy
 * made on this device (ADR 0024: ≤ 2048 px JPEG, which is also what is kept and uploaded), uploads
 * with visible progress, and can be removed after the spec §5 delete confirmation. Photos already saved
 * (edit) come in with `photo_name` set and `/attachments/…` previews. Files chosen before the app ran (a page
 * rendered by the server, docs/adr/0049) are taken from the input when this part starts.
 */
export function PhotoPicker({ lifestageId, photos, onChange, onFilesPicked }: PhotoPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const stage = t(`lifestage.${lifestageId}`);
  const patch = (localId: string, change: Partial<PickedPhoto>) =>
    onChange((all) => all.map((p) => (p.localId === localId ? { ...p, ...change } : p)));

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

  // Photos chosen before this part ran (the page rendered by the server, docs/adr/0049): the step before the app
  // opened the chooser, and the chosen files wait in the input.
  useEffect(() => {
    if (input.current?.files?.length) add(input.current.files);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const openChooser = () => {
    input.current?.click();
    // The worker starts while the volunteer picks (ADR 0024).
    void import('../../../entities/photo/send-photo').then((m) => m.startPhotoWorker());
  };
  const inputId = `photos-${lifestageId}`;

  return (
    <Box>
      <Suspense fallback={null}>
        <PhotoTiles lifestageId={lifestageId} photos={photos} onChange={onChange} />
      </Suspense>
      <input
        ref={input}
        type="file"
        accept={PHOTO_INPUT_ACCEPT}
        multiple
        hidden
        id={inputId}
        onChange={(e) => add(e.target.files)}
      />
      {/* Before the app runs, a press on it opens its input's chooser at once (`data-opens-file`, lib/on-demand.ts):
          a chooser opened by a press replayed later is refused after 5 s (docs/adr/0049). */}
      <Button
        size="small"
        startIcon={<AddPhotoAlternateIcon />}
        onClick={openChooser}
        data-opens-file={inputId}
        sx={{ mt: 1 }}
      >
        {t('flash.add_photo', { stage })}
      </Button>
    </Box>
  );
}
